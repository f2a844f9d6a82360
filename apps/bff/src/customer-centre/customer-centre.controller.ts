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
import { parseInput } from '@mkt/platform';
import {
  accessDenied,
  Authenticated,
  Caller,
  CallerIfAny,
  loginRequired,
  VisitorOrSignedIn,
} from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { decodeBase64Id } from '../catalog/base64-id';
import { BoardClient } from '../services/board.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

const isAdmin = (caller: SessionClaims | null) => caller?.role === 'ADMIN';

/**
 * The list query of a caller: `includePrivate=true` (the admin console's lists) is for admins only,
 * refused like an admin route to everybody else.
 */
function listQueryOf(rawQuery: unknown, caller: SessionClaims | null): BoardListQuery {
  const query = parseInput(boardListQuerySchema, rawQuery);
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
    query: boardListQuerySchema,
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
    @Query() rawQuery: unknown,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<PageResult<NoticeDto>> {
    const query = listQueryOf(rawQuery, caller);
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
    @Param('encodedNno') encodedNno: string,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<NoticeDto> {
    return this.board.notice(decodeBase64Id(encodedNno, '공지사항'), isAdmin(caller));
  }

  /** The writer (`adno`) is the signed-in admin, whatever the body says. */
  @ApiDoc({
    summary: "Writes a notice (trailing slash as the spec's client sends it: `/`); the writer is the caller",
    body: noticeFormSchema,
    answer: noticeSchema,
    errors: { 400: BAD_INPUT },
  })
  @Post()
  @Authenticated({ roles: ['ADMIN'] })
  create(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<NoticeDto> {
    return this.board.createNotice(caller.mno, parseInput(noticeFormSchema, body));
  }

  /** The notice in the path is edited (an `nno` in the body is not read). */
  @ApiDoc({
    summary: 'Edits a notice',
    body: noticeFormSchema,
    answer: noticeSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such notice' },
  })
  @Put(':encodedNno')
  @Authenticated({ roles: ['ADMIN'] })
  update(@Param('encodedNno') encodedNno: string, @Body() body: unknown): Promise<NoticeDto> {
    const nno = decodeBase64Id(encodedNno, '공지사항');
    return this.board.updateNotice(nno, parseInput(noticeFormSchema, body));
  }

  @ApiDoc({
    summary: 'Deletes a notice',
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such notice' },
  })
  @Delete(':encodedNno')
  @HttpCode(204)
  @Authenticated({ roles: ['ADMIN'] })
  delete(@Param('encodedNno') encodedNno: string): Promise<void> {
    return this.board.deleteNotice(decodeBase64Id(encodedNno, '공지사항'));
  }
}

/** The customer centre's FAQs, by the notices' rules. */
@Controller('api/faq')
export class FaqController {
  constructor(private readonly board: BoardClient) {}

  @ApiDoc({
    summary: 'Public FAQs, newest first (`includePrivate=true`: every one, for admins)',
    query: boardListQuerySchema,
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
    @Query() rawQuery: unknown,
    @CallerIfAny() caller: SessionClaims | null,
  ): Promise<PageResult<FaqDto>> {
    const query = listQueryOf(rawQuery, caller);
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
  one(@Param('encodedFno') encodedFno: string, @CallerIfAny() caller: SessionClaims | null): Promise<FaqDto> {
    return this.board.faq(decodeBase64Id(encodedFno, 'FAQ'), isAdmin(caller));
  }

  @ApiDoc({
    summary: "Writes a FAQ (trailing slash as the spec's client sends it: `/`); the writer is the caller",
    body: faqFormSchema,
    answer: faqSchema,
    errors: { 400: BAD_INPUT },
  })
  @Post()
  @Authenticated({ roles: ['ADMIN'] })
  create(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<FaqDto> {
    return this.board.createFaq(caller.mno, parseInput(faqFormSchema, body));
  }

  @ApiDoc({
    summary: 'Edits a FAQ',
    body: faqFormSchema,
    answer: faqSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such FAQ' },
  })
  @Put(':encodedFno')
  @Authenticated({ roles: ['ADMIN'] })
  update(@Param('encodedFno') encodedFno: string, @Body() body: unknown): Promise<FaqDto> {
    return this.board.updateFaq(decodeBase64Id(encodedFno, 'FAQ'), parseInput(faqFormSchema, body));
  }

  @ApiDoc({
    summary: 'Deletes a FAQ',
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such FAQ' },
  })
  @Delete(':encodedFno')
  @HttpCode(204)
  @Authenticated({ roles: ['ADMIN'] })
  delete(@Param('encodedFno') encodedFno: string): Promise<void> {
    return this.board.deleteFaq(decodeBase64Id(encodedFno, 'FAQ'));
  }
}
