import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Ip,
  Param,
  Post,
  Put,
  Query,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import type { Request } from 'express';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { LoginResult, MemberDto, TokenPair } from '@mkt/contracts';
import {
  AuthErrors,
  joinSchema,
  modifySchema,
  passwordCheckSchema,
  loginResultSchema,
  memberSchema,
  tokenPairSchema,
} from '@mkt/contracts';
import type { ErrorBody } from '@mkt/platform';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { MemberClient } from '../services/member.client';
import { accessDenied, Authenticated } from './guards';
import { LoginThrottle } from './login-throttle';
import type { SessionClaims } from './refresh-sessions';
import { RefreshSessions } from './refresh-sessions';
import { SignIn } from './sign-in';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

const loginForm = z.object({
  username: z.string().trim().toLowerCase().min(1, '이메일을 입력해 주세요.').max(100),
  password: z.string().min(1, '비밀번호를 입력해 주세요.').max(100),
});
const refreshQuery = z.object({ refreshToken: z.string().min(1, 'refreshToken이 필요합니다.').max(200) });
const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

const hasStatus = (status: HttpStatus) => (error: unknown) =>
  error instanceof HttpException && error.getStatus() === status;
const hasErrorCode = (code: string) => (error: unknown) =>
  error instanceof HttpException && (error.getResponse() as Partial<ErrorBody>).error === code;

/** Join, sign-in, token refresh and sign-out, and a member's own information. */
@Controller('api/member')
export class MemberAuthController {
  constructor(
    private readonly members: MemberClient,
    private readonly sessions: RefreshSessions,
    private readonly throttle: LoginThrottle,
    private readonly signIn: SignIn,
  ) {}

  @ApiDoc({
    summary: 'Joins as a member (role MEMBER, grade USER)',
    body: joinSchema,
    answer: memberSchema,
    errors: { 400: BAD_INPUT, 409: 'DUPLICATE_EMAIL: the e-mail has joined already' },
  })
  @Post('join')
  join(@Body() body: unknown): Promise<MemberDto> {
    return this.members.join(parseInput(joinSchema, body));
  }

  /** Form fields `username` (the e-mail) and `password`, url-encoded or multipart. */
  @ApiDoc({
    summary: 'Signs in with e-mail and password',
    description: 'Five wrong passwords lock the account for 15 minutes (thirty per client address).',
    body: loginForm,
    bodyTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    answer: loginResultSchema,
    errors: {
      400: BAD_INPUT,
      401: 'ERROR_LOGIN: wrong e-mail or password',
      403: 'ERROR_BANNED: a suspended member',
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Post('login')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  async login(@Body() body: unknown, @Ip() address: string): Promise<LoginResult> {
    const { username, password } = parseInput(loginForm, body);
    const member = await this.throttle.attempt(
      username,
      address,
      () => this.members.authenticate(username, password),
      hasStatus(HttpStatus.UNAUTHORIZED),
    );
    return this.signIn.start(member);
  }

  /** Rotates the refresh token. The member is read again, so a ban or a role change takes effect here. */
  @ApiDoc({
    summary: 'New access and refresh tokens for a refresh token, which then no longer works',
    query: refreshQuery,
    answer: tokenPairSchema,
    errors: {
      400: BAD_INPUT,
      401: 'ERROR_REFRESH: unknown, used or ended refresh token, or a suspended member: sign in again',
    },
  })
  @Get('refresh')
  async refresh(@Query() query: unknown): Promise<TokenPair> {
    const rotated = await this.sessions.rotate(parseInput(refreshQuery, query).refreshToken);
    const refused = new HttpException(
      { error: AuthErrors.badRefresh, message: '다시 로그인해 주세요.' } satisfies ErrorBody,
      HttpStatus.UNAUTHORIZED,
    );
    if (!rotated) throw refused;
    const member = await this.members.byMno(rotated.claims.mno);
    if (member.isBan) {
      await this.sessions.endAll(member.mno);
      throw refused;
    }
    return {
      accessToken: this.signIn.accessToken(member),
      refreshToken: rotated.token,
    };
  }

  @ApiDoc({
    summary: 'Signs out: ends the session of the refresh token',
    body: logoutBody,
    answer: z.object({ result: z.literal('ok') }),
    errors: { 400: BAD_INPUT },
    callsServices: false,
  })
  @Post('logout')
  @HttpCode(200)
  async logout(@Body() body: unknown): Promise<{ result: 'ok' }> {
    const { refreshToken } = parseInput(logoutBody, body ?? {});
    if (refreshToken) await this.sessions.end(refreshToken);
    return { result: 'ok' };
  }

  @ApiDoc({
    summary: "The caller's own member information",
    answer: memberSchema,
    errors: { 404: 'NOT_FOUND: no such member' },
  })
  @Get('info/:email')
  @Authenticated({ owner: 'email' })
  info(@Param('email') email: string): Promise<MemberDto> {
    return this.members.byEmail(email);
  }

  /** The password re-check before profile editing: `error` is true when the password is wrong. */
  @ApiDoc({
    summary: "Re-checks the caller's password before profile editing (`error: true` when wrong)",
    body: passwordCheckSchema,
    answer: z.object({ error: z.boolean() }),
    errors: {
      400: BAD_INPUT,
      403: "ERROR_ACCESS_DENIED: another member's e-mail",
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Post('check-password')
  @HttpCode(200)
  @Authenticated()
  async checkPassword(
    @Body() body: unknown,
    @Ip() address: string,
    @Req() request: Request & { user: SessionClaims },
  ): Promise<{ error: boolean }> {
    const { email, password } = parseInput(passwordCheckSchema, body);
    if (email !== request.user.email) throw accessDenied();
    const wrongPassword = hasStatus(HttpStatus.UNAUTHORIZED);
    try {
      await this.throttle.attempt(
        email,
        address,
        () => this.members.authenticate(email, password),
        wrongPassword,
      );
      return { error: false };
    } catch (error) {
      if (wrongPassword(error)) return { error: true };
      throw error;
    }
  }

  /**
   * Changes the caller's own profile; a password change ends all of their sessions. Its current
   * password is guessed no faster than a login's.
   */
  @ApiDoc({
    summary: "Changes the caller's own profile; a password change ends all of their sessions",
    body: modifySchema,
    answer: memberSchema,
    errors: {
      400: `${BAD_INPUT}; WRONG_PASSWORD: the current password is wrong`,
      403: "ERROR_ACCESS_DENIED: another member's mno or e-mail; ERROR_SNS_MEMBER: a social member may change only def_addr",
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Put('modify')
  @Authenticated()
  async modify(
    @Body() body: unknown,
    @Ip() address: string,
    @Req() request: Request & { user: SessionClaims },
  ): Promise<MemberDto> {
    const input = parseInput(modifySchema, body);
    const caller = request.user;
    if (
      (input.mno !== undefined && input.mno !== caller.mno) ||
      (input.email !== undefined && input.email !== caller.email)
    ) {
      throw accessDenied();
    }
    const save = () => this.members.modify(caller.mno, input);
    const { member, passwordChanged } = input.new_m_pw
      ? await this.throttle.attempt(caller.email, address, save, hasErrorCode(AuthErrors.wrongPassword))
      : await save();
    if (passwordChanged) await this.sessions.endAll(caller.mno);
    return member;
  }
}
