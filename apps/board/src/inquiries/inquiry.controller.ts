import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { InquiryDto, Slice } from '@mkt/contracts';
import {
  inquiryAddSchema,
  inquiryListQuerySchema,
  inquiryReplySchema,
  inquiryWriteSchema,
  positiveIdSchema,
  sellerInquiryQuerySchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { InquiryRepository } from './inquiry.repository';
import { InquiryWrites } from './inquiry-writes';

class ProductPath extends idPath('pno') {}
class MemberPath extends idPath('mno') {}
class MemberInquiryPath extends idPath('mno', 'qno') {}
class InquiryPath extends idPath('qno') {}
class ListQuery extends createZodDto(inquiryListQuerySchema) {}
/** `viewer` and `role`: the signed-in caller the BFF vouches for; both absent for visitors. */
class ViewerListQuery extends createZodDto(
  inquiryListQuerySchema
    .extend({ viewer: positiveIdSchema.optional(), role: z.enum(['MEMBER', 'SELLER', 'ADMIN']).optional() })
    .refine(({ viewer, role }) => (viewer === undefined) === (role === undefined), {
      error: 'viewer와 role은 함께 보내야 합니다.',
    }),
) {}
const answerer = { mno: positiveIdSchema, role: z.enum(['SELLER', 'ADMIN']) };
class AnswererQuery extends createZodDto(sellerInquiryQuerySchema.extend(answerer)) {}
class ReplyBody extends createZodDto(inquiryReplySchema.extend(answerer)) {}
class AuthorBody extends createZodDto(
  z.object({ mno: positiveIdSchema, nickname: z.string().min(1).max(100), inquiry: inquiryAddSchema }),
) {}
class ChangeBody extends createZodDto(inquiryWriteSchema) {}

/** Internal: the BFF calls these for the visitor, member, seller or admin it signed in. */
@Controller('inquiries')
export class InquiryController {
  constructor(
    private readonly inquiries: InquiryRepository,
    private readonly writes: InquiryWrites,
  ) {}

  @Get('product/:pno')
  forProduct(
    @Param() { pno }: ProductPath,
    @Query() { viewer, role, ...query }: ViewerListQuery,
  ): Promise<Slice<InquiryDto>> {
    return this.inquiries.forProduct(
      pno,
      query,
      viewer === undefined || role === undefined ? null : { mno: viewer, role },
    );
  }

  @Get('member/:mno')
  ofMember(@Param() { mno }: MemberPath): Promise<InquiryDto[]> {
    return this.inquiries.ofMember(mno);
  }

  @Get('member/:mno/page')
  pageOfMember(@Param() { mno }: MemberPath, @Query() query: ListQuery): Promise<Slice<InquiryDto>> {
    return this.inquiries.pageOfMember(mno, query);
  }

  @Get('to-answer')
  toAnswer(@Query() { mno, role, ...query }: AnswererQuery): Promise<Slice<InquiryDto>> {
    return this.inquiries.toAnswer({ mno, role }, query);
  }

  @Post()
  ask(@Body() { mno, nickname, inquiry }: AuthorBody): Promise<InquiryDto> {
    return this.writes.ask({ mno, nickname }, inquiry);
  }

  @Put('member/:mno/:qno')
  change(@Param() { mno, qno }: MemberInquiryPath, @Body() change: ChangeBody): Promise<InquiryDto> {
    return this.writes.change(mno, qno, change);
  }

  @Delete('member/:mno/:qno')
  @HttpCode(204)
  remove(@Param() { mno, qno }: MemberInquiryPath): Promise<void> {
    return this.writes.remove(mno, qno);
  }

  @Put(':qno/reply')
  answer(@Param() { qno }: InquiryPath, @Body() { qr_content, mno, role }: ReplyBody): Promise<InquiryDto> {
    return this.writes.answer({ mno, role }, qno, qr_content);
  }
}
