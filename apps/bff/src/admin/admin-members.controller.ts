import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import type { MemberDto, PageResult } from '@mkt/contracts';
import { memberListQuerySchema, toPageResult, memberSchema, pageResultSchema } from '@mkt/contracts';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated } from '../auth/guards';
import { RefreshSessions } from '../auth/refresh-sessions';
import { base64Path } from '../catalog/base64-id';
import { MemberClient } from '../services/member.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

/** The admin's user management: the member list, a member, suspension and its lifting. */
class ListQuery extends createZodDto(memberListQuerySchema) {}
class MemberPath extends base64Path('encodedMno', '회원') {}

@Controller('api')
export class AdminMembersController {
  constructor(
    private readonly members: MemberClient,
    private readonly sessions: RefreshSessions,
  ) {}

  @ApiDoc({
    summary: 'The member list',
    answer: pageResultSchema(memberSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('member/list')
  @Authenticated({ roles: ['ADMIN'] })
  async list(@Query() query: ListQuery): Promise<PageResult<MemberDto>> {
    const slice = await this.members.list(query);
    return toPageResult(slice.items, slice.totalCount, query);
  }

  @ApiDoc({
    summary: 'Suspends a member and ends their sessions',
    answer: memberSchema,
    errors: { 400: `${BAD_INPUT}; an admin cannot be suspended`, 404: 'NOT_FOUND: no such member' },
  })
  @Put('admin/ban/:encodedMno')
  @Authenticated({ roles: ['ADMIN'] })
  async ban(@Param() { encodedMno: mno }: MemberPath): Promise<MemberDto> {
    const member = await this.members.setBan(mno, true);
    // Refresh also re-reads the ban, so a session started in between cannot outlive it either.
    await this.sessions.endAll(member.mno, 'banned');
    return member;
  }

  @ApiDoc({
    summary: "Lifts a member's suspension",
    answer: memberSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such member' },
  })
  @Put('admin/unban/:encodedMno')
  @Authenticated({ roles: ['ADMIN'] })
  unban(@Param() { encodedMno: mno }: MemberPath): Promise<MemberDto> {
    return this.members.setBan(mno, false);
  }

  @ApiDoc({
    summary: 'A member',
    answer: memberSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such member' },
  })
  @Get('admin/:encodedMno')
  @Authenticated({ roles: ['ADMIN'] })
  member(@Param() { encodedMno: mno }: MemberPath): Promise<MemberDto> {
    return this.members.byMno(mno);
  }
}
