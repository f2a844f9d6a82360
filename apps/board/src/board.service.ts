import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { FaqController, NoticeController } from './customer-centre/customer-centre.controller';
import { FaqRepository } from './customer-centre/faq.repository';
import { NoticeRepository } from './customer-centre/notice.repository';
import { BoardDatabase } from './database';
import { InquiryController } from './inquiries/inquiry.controller';
import { InquiryRepository } from './inquiries/inquiry.repository';

/** Product inquiries and replies, notices and FAQs. */
export const boardService = defineService({
  name: 'board',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: BoardDatabase,
  controllers: [InquiryController, NoticeController, FaqController],
  providers: () => [InquiryRepository, NoticeRepository, FaqRepository],
});
