import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import type { InquiryDto, InquiryWithProductDto, PageResult } from '@mkt/contracts';
import {
  AuthErrors,
  inquiryAddSchema,
  inquiryChangeSchema,
  inquiryListQuerySchema,
  inquiryReplySchema,
  positiveIdSchema,
  sellerInquiryQuerySchema,
  toPageResult,
} from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { assertOwnBody } from '../auth/body-owner';
import { Authenticated, Caller, CallerIfSignedIn, CallerIfSignedInGuard } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { BoardClient } from '../services/board.client';
import { CatalogClient } from '../services/catalog.client';
import { MemberClient } from '../services/member.client';

const id = (value: string) => parseInput(positiveIdSchema, value);

/**
 * Product inquiries: anyone reads a product's (secret ones whole only for their author, the
 * product's seller and admins); members ask, edit and delete their own; sellers answer those on
 * their products (ours: the spec shows answers but no way to write one).
 */
@Controller('api/qa')
export class InquiryController {
  constructor(
    private readonly board: BoardClient,
    private readonly members: MemberClient,
    private readonly catalog: CatalogClient,
  ) {}

  /** `list/{pno}` is the spec client's path; our web app calls `product/{pno}`. */
  @Get(['product/:pno', 'list/:pno'])
  @UseGuards(CallerIfSignedInGuard)
  async forProduct(
    @Param('pno') pno: string,
    @Query() rawQuery: unknown,
    @CallerIfSignedIn() caller: SessionClaims | null,
  ): Promise<PageResult<InquiryDto>> {
    const query = parseInput(inquiryListQuerySchema, rawQuery);
    const slice = await this.board.productInquiries(id(pno), query, caller ?? undefined);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  /** The caller's own inquiries, newest first, with their answers and the products' names. */
  @Get('list/my/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  async mine(@Caller() caller: SessionClaims): Promise<InquiryWithProductDto[]> {
    return this.withProductNames(await this.board.memberInquiries(caller.mno));
  }

  /** The author is the caller, whatever `mno` the body names (another member's: 403); `replyCheck` is not read. */
  @Post('add')
  @Authenticated({ roles: ['MEMBER'] })
  async add(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<InquiryDto> {
    assertOwnBody(body, caller);
    const inquiry = parseInput(inquiryAddSchema, body);
    const member = await this.members.byMno(caller.mno);
    // A ban ends the member's sessions; this covers a token signed just before.
    if (member.isBan) {
      throw new HttpException(
        { error: AuthErrors.banned, message: '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.' },
        HttpStatus.FORBIDDEN,
      );
    }
    return this.board.ask({ mno: caller.mno, nickname: member.m_nickname }, inquiry);
  }

  /** The whole question with edits (the spec's client sends the listed inquiry back): title, content and secret change. */
  @Put('change')
  @Authenticated({ roles: ['MEMBER'] })
  change(@Body() body: unknown, @Caller() caller: SessionClaims): Promise<InquiryDto> {
    assertOwnBody(body, caller);
    const { qno, ...edit } = parseInput(inquiryChangeSchema, body);
    return this.board.change(caller.mno, qno, edit);
  }

  @Delete('delete/:qno')
  @HttpCode(204)
  @Authenticated({ roles: ['MEMBER'] })
  remove(@Param('qno') qno: string, @Caller() caller: SessionClaims): Promise<void> {
    return this.board.remove(caller.mno, id(qno));
  }

  /** Ours: the seller console's list, the inquiries on the caller's products (an admin's: all), unanswered first. */
  @Get('seller')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async toAnswer(
    @Query() rawQuery: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<PageResult<InquiryWithProductDto>> {
    const query = parseInput(sellerInquiryQuerySchema, rawQuery);
    const slice = await this.board.inquiriesToAnswer(caller, query);
    return toPageResult(await this.withProductNames(slice.items), slice.totalCount, query);
  }

  /** Ours: the seller of the inquiry's product (or an admin) answers; answering again replaces the answer. */
  @Put(':qno/reply')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  answer(
    @Param('qno') qno: string,
    @Body() body: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<InquiryDto> {
    const { qr_content } = parseInput(inquiryReplySchema, body);
    return this.board.answer(caller, id(qno), qr_content);
  }

  /** Each inquiry with its product's current name; null for a product catalog no longer shows. */
  private async withProductNames(inquiries: InquiryDto[]): Promise<InquiryWithProductDto[]> {
    const pnos = [...new Set(inquiries.map((inquiry) => inquiry.pno))];
    const names = new Map(
      await Promise.all(
        pnos.map(async (pno) => {
          const product = await this.catalog.product(pno).catch((error: unknown) => {
            if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return null;
            throw error;
          });
          return [pno, product?.pName ?? null] as const;
        }),
      ),
    );
    return inquiries.map((inquiry) => ({ ...inquiry, p_name: names.get(inquiry.pno) ?? null }));
  }
}
