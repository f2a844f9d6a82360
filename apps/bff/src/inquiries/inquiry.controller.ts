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
} from '@nestjs/common';
import type { InquiryDto, InquiryWithProductDto, PageResult } from '@mkt/contracts';
import {
  AuthErrors,
  inquiryAddSchema,
  inquiryChangeSchema,
  inquiryListQuerySchema,
  inquiryReplySchema,
  sellerInquiryQuerySchema,
  toPageResult,
  inquirySchema,
  inquiryWithProductSchema,
  pageResultSchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated, Caller, CallerIfSignedIn, CallerIfSignedInRoute } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { BoardClient } from '../services/board.client';
import { CatalogClient } from '../services/catalog.client';
import { MemberClient } from '../services/member.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';

class ProductPath extends idPath('pno') {}
class InquiryPath extends idPath('qno') {}
class ListQuery extends createZodDto(inquiryListQuerySchema) {}
class SellerQuery extends createZodDto(sellerInquiryQuerySchema) {}
class AddBody extends createZodDto(inquiryAddSchema) {}
class ChangeBody extends createZodDto(inquiryChangeSchema) {}
class ReplyBody extends createZodDto(inquiryReplySchema) {}

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
  @ApiDoc({
    summary: "A product's inquiries, newest first",
    description:
      "A secret inquiry is whole for its author, the product's seller and admins; everybody else gets 비밀글입니다., no content and no answer (`masked: true`).",
    answer: pageResultSchema(inquirySchema),
    errors: { 400: BAD_INPUT },
  })
  @Get(['product/:pno', 'list/:pno'])
  @CallerIfSignedInRoute()
  async forProduct(
    @Param() { pno }: ProductPath,
    @Query() query: ListQuery,
    @CallerIfSignedIn() caller: SessionClaims | null,
  ): Promise<PageResult<InquiryDto>> {
    const slice = await this.board.productInquiries(pno, query, caller ?? undefined);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  /** The caller's own inquiries, newest first, with their answers and the products' names. */
  @ApiDoc({
    summary: "The caller's own inquiries with their answers",
    answer: z.array(inquiryWithProductSchema),
  })
  @Get('list/my/:mno')
  @Authenticated({ roles: ['MEMBER'], owner: 'mno' })
  async mine(@Caller() caller: SessionClaims): Promise<InquiryWithProductDto[]> {
    return this.withProductNames(await this.board.memberInquiries(caller.mno));
  }

  /** Ours: my page's list, a page at a time (the spec's `list/my/{mno}` answers every inquiry). */
  @ApiDoc({
    summary: "A page of the caller's own inquiries, newest first, with their answers",
    answer: pageResultSchema(inquiryWithProductSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('my')
  @Authenticated({ roles: ['MEMBER'] })
  async myPage(
    @Query() query: ListQuery,
    @Caller() caller: SessionClaims,
  ): Promise<PageResult<InquiryWithProductDto>> {
    const slice = await this.board.memberInquiryPage(caller.mno, query);
    return toPageResult(await this.withProductNames(slice.items), slice.totalCount, query);
  }

  /** The author is the caller, whatever `mno` the body names (another member's: 403); `replyCheck` is not read. */
  @ApiDoc({
    summary: 'Asks about a product on sale',
    description: 'The author is the caller; `replyCheck` and `proQAReply` are not read.',
    answer: inquirySchema,
    errors: {
      400: BAD_INPUT,
      403: 'ERROR_ACCESS_DENIED: the body names another member; ERROR_BANNED: a suspended member',
      404: 'NOT_FOUND: no such product on sale',
    },
  })
  @Post('add')
  @Authenticated({ roles: ['MEMBER'], bodyOwner: true })
  async add(@Body() inquiry: AddBody, @Caller() caller: SessionClaims): Promise<InquiryDto> {
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
  @ApiDoc({
    summary: "Edits the caller's inquiry (the whole question with edits)",
    answer: inquirySchema,
    errors: {
      400: BAD_INPUT,
      403: 'ERROR_ACCESS_DENIED: the body names another member',
      404: "NOT_FOUND: no such inquiry of the caller's",
      409: 'ALREADY_ANSWERED: an answered inquiry can no longer be edited',
    },
  })
  @Put('change')
  @Authenticated({ roles: ['MEMBER'], bodyOwner: true })
  change(@Body() { qno, ...edit }: ChangeBody, @Caller() caller: SessionClaims): Promise<InquiryDto> {
    return this.board.change(caller.mno, qno, edit);
  }

  @ApiDoc({
    summary: "Deletes the caller's inquiry, with its answer",
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such inquiry of the caller's" },
  })
  @Delete('delete/:qno')
  @HttpCode(204)
  @Authenticated({ roles: ['MEMBER'] })
  remove(@Param() { qno }: InquiryPath, @Caller() caller: SessionClaims): Promise<void> {
    return this.board.remove(caller.mno, qno);
  }

  /** Ours: the seller console's list, the inquiries on the caller's products (an admin's: all), unanswered first. */
  @ApiDoc({
    summary: "Ours: the inquiries on the caller's products (an admin's: all), unanswered first",
    answer: pageResultSchema(inquiryWithProductSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('seller')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async toAnswer(
    @Query() query: SellerQuery,
    @Caller() caller: SessionClaims,
  ): Promise<PageResult<InquiryWithProductDto>> {
    const slice = await this.board.inquiriesToAnswer(caller, query);
    return toPageResult(await this.withProductNames(slice.items), slice.totalCount, query);
  }

  /** Ours: the seller of the inquiry's product (or an admin) answers; answering again replaces the answer. */
  @ApiDoc({
    summary: "Ours: answers an inquiry on the caller's product; answering again replaces the answer",
    answer: inquirySchema,
    errors: {
      400: BAD_INPUT,
      403: "NOT_YOUR_INQUIRY: another seller's product",
      404: 'NOT_FOUND: no such inquiry',
    },
  })
  @Put(':qno/reply')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  answer(
    @Param() { qno }: InquiryPath,
    @Body() { qr_content }: ReplyBody,
    @Caller() caller: SessionClaims,
  ): Promise<InquiryDto> {
    return this.board.answer(caller, qno, qr_content);
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
