import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { idPath, NotFound } from '@mkt/http';
import type { MemberDto, ModifyRequest, Slice } from '@mkt/contracts';
import {
  AuthErrors,
  joinSchema,
  memberListQuerySchema,
  modifySchema,
  MemberBannedV1,
  MemberUnbannedV1,
  passwordResetSchema,
} from '@mkt/contracts';
import { Outbox } from '@mkt/messaging';
import { isUniqueViolation } from '@mkt/persistence';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../credentials/password-hash';
import { MemberDatabase } from '../database';
import { toMemberDto } from './member-dto';
import { refuse, refuseIfBanned } from './refusals';

class MemberPath extends idPath('mno') {}
class EmailPath extends createZodDto(
  z.object({ email: z.string().trim().toLowerCase().email('올바른 이메일 형식이 아닙니다.') }),
) {}
class ListQuery extends createZodDto(memberListQuerySchema) {}
class BanBody extends createZodDto(z.object({ banned: z.boolean() })) {}
class JoinBody extends createZodDto(joinSchema) {}
class CredentialsBody extends createZodDto(
  z.object({ email: z.string().trim().toLowerCase().max(100), password: z.string().max(100) }),
) {}
class ModifyBody extends createZodDto(modifySchema) {}
class NewPasswordBody extends createZodDto(z.object({ password: passwordResetSchema.shape.password })) {}

/**
 * What a social sign-in member may send to the profile change: the identifying mno and e-mail,
 * and the address, which they need to receive orders. Their profile belongs to the provider.
 */
const SNS_CHANGEABLE: ReadonlySet<string> = new Set<keyof ModifyRequest>(['mno', 'email', 'def_addr']);

function changesOnlySnsFields(input: ModifyRequest): boolean {
  return Object.entries(input).every(([field, value]) => value === undefined || SNS_CHANGEABLE.has(field));
}

/** Internal calls of the member service; the BFF decides who may make them. */
@Controller('members')
export class MemberController {
  constructor(
    private readonly db: MemberDatabase,
    private readonly outbox: Outbox,
  ) {}

  /** Members in joining order, newest first (the admin's user management). */
  @Get()
  async list(@Query() { page, size }: ListQuery): Promise<Slice<MemberDto>> {
    const [rows, totalCount] = await Promise.all([
      this.db.member.findMany({ orderBy: { mno: 'desc' }, skip: (page - 1) * size, take: size }),
      this.db.member.count(),
    ]);
    return { items: rows.map(toMemberDto), totalCount };
  }

  /** Suspends or reinstates a member and announces it; admins cannot be suspended. Repeating it changes nothing. */
  @Put(':mno/ban')
  async setBan(@Param() { mno: id }: MemberPath, @Body() { banned }: BanBody): Promise<MemberDto> {
    return this.db.$transaction(async (tx) => {
      const member = await tx.member.findUnique({ where: { mno: id } });
      if (!member) throw new NotFound('회원 정보를 찾을 수 없습니다.');
      if (member.role === 'ADMIN')
        throw refuse(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', '관리자 계정은 정지할 수 없습니다.');
      if (member.isBan === banned) return toMemberDto(member);
      const updated = await tx.member.update({ where: { mno: id }, data: { isBan: banned } });
      await this.outbox.enqueue(
        tx,
        banned ? MemberBannedV1 : MemberUnbannedV1,
        { mno: id },
        { aggregateId: id },
      );
      return toMemberDto(updated);
    });
  }

  /** Join. The grade (USER), totalPay (0), role and ban state are the server's to set. */
  @Post()
  async join(@Body() input: JoinBody): Promise<MemberDto> {
    try {
      const member = await this.db.member.create({
        data: {
          email: input.email,
          passwordHash: await hashPassword(input.m_pw),
          mName: input.m_name,
          mNickname: input.m_nickname,
          mPhoNum: input.m_phoNum,
          defAddr: input.def_addr,
          isMan: input.isMan,
          adAgree: input.ad_agree,
          infoAgree: input.info_agree,
          birth: input.birth ? new Date(input.birth) : null,
        },
      });
      return toMemberDto(member);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw refuse(HttpStatus.CONFLICT, 'DUPLICATE_EMAIL', '이미 가입된 이메일입니다.');
      }
      throw error;
    }
  }

  /** Checks an e-mail and password. Unknown e-mail and wrong password answer alike; a banned member is refused. */
  @Post('authenticate')
  @HttpCode(200)
  async authenticate(@Body() { email, password }: CredentialsBody): Promise<MemberDto> {
    const member = await this.db.member.findUnique({ where: { email } });
    const valid = member?.passwordHash
      ? await verifyPassword(password, member.passwordHash)
      : await verifyAgainstDecoy(password);
    if (!member || !valid)
      throw refuse(HttpStatus.UNAUTHORIZED, AuthErrors.loginFailed, '이메일과 비밀번호를 확인해 주세요.');
    refuseIfBanned(member);
    return toMemberDto(member);
  }

  /** Changes a member's own profile. A new password needs the current one; social-sign-in members may change only their address. */
  @Put(':mno')
  async modify(
    @Param() { mno: id }: MemberPath,
    @Body() input: ModifyBody,
  ): Promise<{ member: MemberDto; passwordChanged: boolean }> {
    const member = await this.db.member.findUnique({ where: { mno: id } });
    if (!member) throw new NotFound('회원 정보를 찾을 수 없습니다.');
    if (member.formSns && !changesOnlySnsFields(input))
      throw refuse(
        HttpStatus.FORBIDDEN,
        AuthErrors.snsMember,
        'SNS 로그인 회원은 정보를 수정할 수 없습니다.',
      );
    if (input.new_m_pw) {
      const current = member.passwordHash && (await verifyPassword(input.now_pw ?? '', member.passwordHash));
      if (!current)
        throw refuse(HttpStatus.BAD_REQUEST, AuthErrors.wrongPassword, '현재 비밀번호가 일치하지 않습니다.');
    }
    const updated = await this.db.member.update({
      where: { mno: id },
      data: {
        mName: input.m_name,
        mNickname: input.m_nickname,
        mPhoNum: input.m_phoNum,
        defAddr: input.def_addr,
        isMan: input.isMan,
        adAgree: input.ad_agree,
        passwordHash: input.new_m_pw ? await hashPassword(input.new_m_pw) : undefined,
      },
    });
    return { member: toMemberDto(updated), passwordChanged: !!input.new_m_pw };
  }

  /** Sets a new password without the current one: the BFF's password reset, after the e-mailed link proved the owner. */
  @Put(':mno/password')
  @HttpCode(204)
  async setPassword(@Param() { mno: id }: MemberPath, @Body() { password }: NewPasswordBody): Promise<void> {
    const member = await this.db.member.findUnique({ where: { mno: id } });
    if (!member) throw new NotFound('회원 정보를 찾을 수 없습니다.');
    if (member.formSns)
      throw refuse(HttpStatus.FORBIDDEN, AuthErrors.snsMember, 'SNS 로그인 회원은 비밀번호가 없습니다.');
    await this.db.member.update({ where: { mno: id }, data: { passwordHash: await hashPassword(password) } });
  }

  @Get('by-email/:email')
  async byEmail(@Param() { email }: EmailPath): Promise<MemberDto> {
    const member = await this.db.member.findUnique({ where: { email } });
    if (!member) throw new NotFound('회원 정보를 찾을 수 없습니다.');
    return toMemberDto(member);
  }

  @Get(':mno')
  async byMno(@Param() { mno }: MemberPath): Promise<MemberDto> {
    const member = await this.db.member.findUnique({ where: { mno } });
    if (!member) throw new NotFound('회원 정보를 찾을 수 없습니다.');
    return toMemberDto(member);
  }
}
