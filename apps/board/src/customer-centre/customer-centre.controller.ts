import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { FaqDto, NoticeDto, Slice } from '@mkt/contracts';
import { boardListQuerySchema, faqFormSchema, noticeFormSchema, positiveIdSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { FaqRepository } from './faq.repository';
import { NoticeRepository } from './notice.repository';

class NoticePath extends idPath('nno') {}
class FaqPath extends idPath('fno') {}
class ListQuery extends createZodDto(boardListQuerySchema) {}
/** Whether the reader may see private items: the BFF says so for admins only. */
class ReaderQuery extends createZodDto(boardListQuerySchema.pick({ includePrivate: true })) {}
/** The writer is the admin the BFF vouches for. */
const writer = { adno: positiveIdSchema };
class NoticeBody extends createZodDto(noticeFormSchema) {}
class NewNoticeBody extends createZodDto(noticeFormSchema.extend(writer)) {}
class FaqBody extends createZodDto(faqFormSchema) {}
class NewFaqBody extends createZodDto(faqFormSchema.extend(writer)) {}

/** Internal: notices as the BFF serves them. */
@Controller('notices')
export class NoticeController {
  constructor(private readonly notices: NoticeRepository) {}

  @Get()
  list(@Query() query: ListQuery): Promise<Slice<NoticeDto>> {
    return this.notices.list(query);
  }

  @Get(':nno')
  one(@Param() { nno }: NoticePath, @Query() { includePrivate }: ReaderQuery): Promise<NoticeDto> {
    return this.notices.byNno(nno, includePrivate);
  }

  @Post()
  create(@Body() { adno, ...form }: NewNoticeBody): Promise<NoticeDto> {
    return this.notices.create(adno, form);
  }

  @Put(':nno')
  update(@Param() { nno }: NoticePath, @Body() form: NoticeBody): Promise<NoticeDto> {
    return this.notices.update(nno, form);
  }

  @Delete(':nno')
  @HttpCode(204)
  delete(@Param() { nno }: NoticePath): Promise<void> {
    return this.notices.delete(nno);
  }
}

/** Internal: FAQs as the BFF serves them. */
@Controller('faqs')
export class FaqController {
  constructor(private readonly faqs: FaqRepository) {}

  @Get()
  list(@Query() query: ListQuery): Promise<Slice<FaqDto>> {
    return this.faqs.list(query);
  }

  @Get(':fno')
  one(@Param() { fno }: FaqPath, @Query() { includePrivate }: ReaderQuery): Promise<FaqDto> {
    return this.faqs.byFno(fno, includePrivate);
  }

  @Post()
  create(@Body() { adno, ...form }: NewFaqBody): Promise<FaqDto> {
    return this.faqs.create(adno, form);
  }

  @Put(':fno')
  update(@Param() { fno }: FaqPath, @Body() form: FaqBody): Promise<FaqDto> {
    return this.faqs.update(fno, form);
  }

  @Delete(':fno')
  @HttpCode(204)
  delete(@Param() { fno }: FaqPath): Promise<void> {
    return this.faqs.delete(fno);
  }
}
