import { Controller, Get, Param, Query } from '@nestjs/common';
import type { InquiryDto, Slice } from '@mkt/contracts';
import { inquiryListQuerySchema, positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { InquiryRepository } from './inquiry.repository';

/** `viewer`: the signed-in member the BFF vouches for; absent for visitors. */
const viewerSchema = z.object({ viewer: positiveIdSchema.optional() });

@Controller('inquiries/product/:pno')
export class InquiryController {
  constructor(private readonly inquiries: InquiryRepository) {}

  @Get()
  forProduct(@Param('pno') pno: string, @Query() query: unknown): Promise<Slice<InquiryDto>> {
    const { viewer } = parseInput(viewerSchema, query);
    return this.inquiries.forProduct(
      parseInput(positiveIdSchema, pno),
      parseInput(inquiryListQuerySchema, query),
      viewer ?? null,
    );
  }
}
