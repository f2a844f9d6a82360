import { join } from 'node:path';
import { catalogProductsProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { FaqController, NoticeController } from './customer-centre/customer-centre.controller';
import { FaqRepository } from './customer-centre/faq.repository';
import { NoticeRepository } from './customer-centre/notice.repository';
import { BoardDatabase } from './database';
import { InquiryController } from './inquiries/inquiry.controller';
import { InquiryRepository } from './inquiries/inquiry.repository';
import { InquiryWrites } from './inquiries/inquiry-writes';

/** Product inquiries and their answers, notices and FAQs; reads products' sellers from catalog. */
export const boardService = defineService({
  name: 'board',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: BoardDatabase,
  controllers: [InquiryController, NoticeController, FaqController],
  providers: () => [
    InquiryRepository,
    InquiryWrites,
    catalogProductsProvider,
    NoticeRepository,
    FaqRepository,
  ],
});
