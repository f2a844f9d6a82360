import { Controller, Get, Param, Query } from '@nestjs/common';
import type { InquiryDto, PageResult } from '@mkt/contracts';
import { inquiryListQuerySchema, positiveIdSchema, toPageResult } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { BoardClient } from '../services/board.client';

/** Product inquiries as the product page lists them. */
@Controller('api/qa')
export class InquiryController {
  constructor(private readonly board: BoardClient) {}

  /** `list/{pno}` is the spec client's path; our web app calls `product/{pno}`. */
  @Get(['product/:pno', 'list/:pno'])
  async forProduct(@Param('pno') pno: string, @Query() rawQuery: unknown): Promise<PageResult<InquiryDto>> {
    const query = parseInput(inquiryListQuerySchema, rawQuery);
    // Until sign-in exists every caller is a visitor, who sees secret inquiries masked.
    const slice = await this.board.productInquiries(parseInput(positiveIdSchema, pno), query);
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }
}
