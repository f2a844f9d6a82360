import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { FaqDto, NoticeDto, Slice } from '@mkt/contracts';
import { boardListQuerySchema, faqFormSchema, noticeFormSchema, positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { FaqRepository } from './faq.repository';
import { NoticeRepository } from './notice.repository';

const id = (value: unknown) => parseInput(positiveIdSchema, value);
/** Whether the reader may see private items: the BFF says so for admins only. */
const readerSchema = boardListQuerySchema.pick({ includePrivate: true });
/** The writer is the admin the BFF vouches for. */
const writerSchema = z.object({ adno: positiveIdSchema });

/** Internal: notices as the BFF serves them. */
@Controller('notices')
export class NoticeController {
  constructor(private readonly notices: NoticeRepository) {}

  @Get()
  list(@Query() query: unknown): Promise<Slice<NoticeDto>> {
    return this.notices.list(parseInput(boardListQuerySchema, query));
  }

  @Get(':nno')
  one(@Param('nno') nno: string, @Query() query: unknown): Promise<NoticeDto> {
    return this.notices.byNno(id(nno), parseInput(readerSchema, query).includePrivate);
  }

  @Post()
  create(@Body() body: unknown): Promise<NoticeDto> {
    const { adno } = parseInput(writerSchema, body);
    return this.notices.create(adno, parseInput(noticeFormSchema, body));
  }

  @Put(':nno')
  update(@Param('nno') nno: string, @Body() body: unknown): Promise<NoticeDto> {
    return this.notices.update(id(nno), parseInput(noticeFormSchema, body));
  }

  @Delete(':nno')
  @HttpCode(204)
  delete(@Param('nno') nno: string): Promise<void> {
    return this.notices.delete(id(nno));
  }
}

/** Internal: FAQs as the BFF serves them. */
@Controller('faqs')
export class FaqController {
  constructor(private readonly faqs: FaqRepository) {}

  @Get()
  list(@Query() query: unknown): Promise<Slice<FaqDto>> {
    return this.faqs.list(parseInput(boardListQuerySchema, query));
  }

  @Get(':fno')
  one(@Param('fno') fno: string, @Query() query: unknown): Promise<FaqDto> {
    return this.faqs.byFno(id(fno), parseInput(readerSchema, query).includePrivate);
  }

  @Post()
  create(@Body() body: unknown): Promise<FaqDto> {
    const { adno } = parseInput(writerSchema, body);
    return this.faqs.create(adno, parseInput(faqFormSchema, body));
  }

  @Put(':fno')
  update(@Param('fno') fno: string, @Body() body: unknown): Promise<FaqDto> {
    return this.faqs.update(id(fno), parseInput(faqFormSchema, body));
  }

  @Delete(':fno')
  @HttpCode(204)
  delete(@Param('fno') fno: string): Promise<void> {
    return this.faqs.delete(id(fno));
  }
}
