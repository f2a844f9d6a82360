import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { BoardListQuery, FaqDto, NoticeDto, PageResult } from '@mkt/contracts';
import {
  boardListQuerySchema,
  faqFormSchema,
  noticeFormSchema,
  toPageResult,
  faqSchema,
  noticeSchema,
  pageResultSchema,
} from '@mkt/contracts';
import { createZodDto } from 'nestjs-zod/dto';
import {
  accessDenied,
  Authenticated,
  Caller,
  CallerIfAny,
  loginRequired,
  VisitorOrSignedIn,
} from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { base64Path } from '../catalog/base64-id';
import { BoardClient } from '../services/board.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

class ListQuery extends createZodDto(boardListQuerySchema) {}
class NoticePath extends base64Path('encodedNno', '공지사항') {}
class FaqPath extends base64Path('encodedFno', 'FAQ') {}
class NoticeBody extends createZodDto(noticeFormSchema) {}
class FaqBody extends createZodDto(faqFormSchema) {}

const isAdmin = (caller: SessionClaims | null) => caller?.role === 'ADMIN';

/**
 * The list query of a caller: `includePrivate=true` (the admin console's lists) is for admins only,
 * refused like an admin route to everybody else.
 */
function listQueryOf(query: BoardListQuery, caller: SessionClaims | null): BoardListQuery {
  if (query.includePrivate && !caller) throw loginRequired();
  if (query.includePrivate && !isAdmin(caller)) throw accessDenied();
  return query;
}

/** The customer centre's notices: everybody reads public ones; admins read private ones and write. */
@Controller('api/notice')
export class NoticeController {
  constructor(private readonly board: BoardClient) {}

  @ApiDoc({
    summary: 'Public notices, newest first (`includePrivate=true`: every one, for admins)',
    answer: pageResultSchema(noticeSchema),
    errors: {
      400: BAD_INPUT,
      401: 'REQUIRED_LOGIN: includePrivate without a token',
      403: 'ERROR_ACCESS_DENIED: includePrivate for anyone but an admin',
    },
  })
  @Get('list')
  @VisitorOrSignedIn()
  async list(
    @Query() requested: ListQuery,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<PageResult<NoticeDto>> {
    const query = listQueryOf(requested, caller);
    const slice = await this.board.notices(query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  /** A private notice is not found (404) for anybody but an admin. */
  @ApiDoc({
    summary: 'One notice; a private one for admins only',
    answer: noticeSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such notice (a private one, to anybody but an admin)' },
  })
  @Get(':encodedNno')
  @VisitorOrSignedIn()
  one(
    @Param() { encodedNno: nno }: NoticePath,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<NoticeDto> {
    return this.board.notice(nno, isAdmin(caller));
  }

  /** The writer (`adno`) is the signed-in admin, whatever the body says. */
  @ApiDoc({
    summary: "Writes a notice (trailing slash as the spec's client sends it: `/`); the writer is the caller",
    answer: noticeSchema,
    errors: { 400: BAD_INPUT },
  })
  @Post()
  @Authenticated({ roles: ['ADMIN'] })
  create(@Body() form: NoticeBody, @Caller() caller: SessionClaims): Promise<NoticeDto> {
    return this.board.createNotice(caller.mno, form);
  }

  /** The notice in the path is edited (an `nno` in the body is not read). */
  @ApiDoc({
    summary: 'Edits a notice',
    answer: noticeSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such notice' },
  })
  @Put(':encodedNno')
  @Authenticated({ roles: ['ADMIN'] })
  update(@Param() { encodedNno: nno }: NoticePath, @Body() form: NoticeBody): Promise<NoticeDto> {
    return this.board.updateNotice(nno, form);
  }

  @ApiDoc({
    summary: 'Deletes a notice',
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such notice' },
  })
  @Delete(':encodedNno')
  @HttpCode(204)
  @Authenticated({ roles: ['ADMIN'] })
  delete(@Param() { encodedNno: nno }: NoticePath): Promise<void> {
    return this.board.deleteNotice(nno);
  }
}

/** The customer centre's FAQs, by the notices' rules. */
@Controller('api/faq')
export class FaqController {
  constructor(private readonly board: BoardClient) {}

  @ApiDoc({
    summary: 'Public FAQs, newest first (`includePrivate=true`: every one, for admins)',
    answer: pageResultSchema(faqSchema),
    errors: {
      400: BAD_INPUT,
      401: 'REQUIRED_LOGIN: includePrivate without a token',
      403: 'ERROR_ACCESS_DENIED: includePrivate for anyone but an admin',
    },
  })
  @Get('list')
  @VisitorOrSignedIn()
  async list(
    @Query() requested: ListQuery,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<PageResult<FaqDto>> {
    const query = listQueryOf(requested, caller);
    const slice = await this.board.faqs(query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  @ApiDoc({
    summary: 'One FAQ; a private one for admins only',
    answer: faqSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such FAQ (a private one, to anybody but an admin)' },
  })
  @Get(':encodedFno')
  @VisitorOrSignedIn()
  one(@Param() { encodedFno: fno }: FaqPath, @CallerIfAny() caller: SessionClaims | null): Promise<FaqDto> {
    return this.board.faq(fno, isAdmin(caller));
  }

  @ApiDoc({
    summary: "Writes a FAQ (trailing slash as the spec's client sends it: `/`); the writer is the caller",
    answer: faqSchema,
    errors: { 400: BAD_INPUT },
  })
  @Post()
  @Authenticated({ roles: ['ADMIN'] })
  create(@Body() form: FaqBody, @Caller() caller: SessionClaims): Promise<FaqDto> {
    return this.board.createFaq(caller.mno, form);
  }

  @ApiDoc({
    summary: 'Edits a FAQ',
    answer: faqSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such FAQ' },
  })
  @Put(':encodedFno')
  @Authenticated({ roles: ['ADMIN'] })
  update(@Param() { encodedFno: fno }: FaqPath, @Body() form: FaqBody): Promise<FaqDto> {
    return this.board.updateFaq(fno, form);
  }

  @ApiDoc({
    summary: 'Deletes a FAQ',
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such FAQ' },
  })
  @Delete(':encodedFno')
  @HttpCode(204)
  @Authenticated({ roles: ['ADMIN'] })
  delete(@Param() { encodedFno: fno }: FaqPath): Promise<void> {
    return this.board.deleteFaq(fno);
  }
}
