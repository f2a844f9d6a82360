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
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { InquiryRepository } from './inquiry.repository';
import { InquiryWrites } from './inquiry-writes';

const id = (value: unknown) => parseInput(positiveIdSchema, value);

/** `viewer` and `role`: the signed-in caller the BFF vouches for; both absent for visitors. */
const viewerSchema = z
  .object({ viewer: positiveIdSchema.optional(), role: z.enum(['MEMBER', 'SELLER', 'ADMIN']).optional() })
  .refine(({ viewer, role }) => (viewer === undefined) === (role === undefined), {
    error: 'viewer와 role은 함께 보내야 합니다.',
  });
const answererSchema = z.object({ mno: positiveIdSchema, role: z.enum(['SELLER', 'ADMIN']) });
const authorSchema = z.object({
  mno: positiveIdSchema,
  nickname: z.string().min(1).max(100),
  inquiry: inquiryAddSchema,
});

/** Internal: the BFF calls these for the visitor, member, seller or admin it signed in. */
@Controller('inquiries')
export class InquiryController {
  constructor(
    private readonly inquiries: InquiryRepository,
    private readonly writes: InquiryWrites,
  ) {}

  @Get('product/:pno')
  forProduct(@Param('pno') pno: string, @Query() query: unknown): Promise<Slice<InquiryDto>> {
    const { viewer, role } = parseInput(viewerSchema, query);
    return this.inquiries.forProduct(
      id(pno),
      parseInput(inquiryListQuerySchema, query),
      viewer === undefined || role === undefined ? null : { mno: viewer, role },
    );
  }

  @Get('member/:mno')
  ofMember(@Param('mno') mno: string): Promise<InquiryDto[]> {
    return this.inquiries.ofMember(id(mno));
  }

  @Get('member/:mno/page')
  pageOfMember(@Param('mno') mno: string, @Query() query: unknown): Promise<Slice<InquiryDto>> {
    return this.inquiries.pageOfMember(id(mno), parseInput(inquiryListQuerySchema, query));
  }

  @Get('to-answer')
  toAnswer(@Query() query: unknown): Promise<Slice<InquiryDto>> {
    return this.inquiries.toAnswer(
      parseInput(answererSchema, query),
      parseInput(sellerInquiryQuerySchema, query),
    );
  }

  @Post()
  ask(@Body() body: unknown): Promise<InquiryDto> {
    const { mno, nickname, inquiry } = parseInput(authorSchema, body);
    return this.writes.ask({ mno, nickname }, inquiry);
  }

  @Put('member/:mno/:qno')
  change(@Param('mno') mno: string, @Param('qno') qno: string, @Body() body: unknown): Promise<InquiryDto> {
    return this.writes.change(id(mno), id(qno), parseInput(inquiryWriteSchema, body));
  }

  @Delete('member/:mno/:qno')
  @HttpCode(204)
  remove(@Param('mno') mno: string, @Param('qno') qno: string): Promise<void> {
    return this.writes.remove(id(mno), id(qno));
  }

  @Put(':qno/reply')
  answer(@Param('qno') qno: string, @Body() body: unknown): Promise<InquiryDto> {
    const { qr_content } = parseInput(inquiryReplySchema, body);
    return this.writes.answer(parseInput(answererSchema, body), id(qno), qr_content);
  }
}
