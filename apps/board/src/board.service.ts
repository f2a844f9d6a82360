import { join } from 'node:path';
import { catalogProductsProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { BoardDatabase } from './database';
import { InquiryController } from './inquiries/inquiry.controller';
import { InquiryRepository } from './inquiries/inquiry.repository';
import { InquiryWrites } from './inquiries/inquiry-writes';

/** Product inquiries and their answers (notices and FAQs arrive with their issue); reads products' sellers from catalog. */
export const boardService = defineService({
  name: 'board',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: BoardDatabase,
  calls: ['catalog'],
  controllers: [InquiryController],
  providers: () => [InquiryRepository, InquiryWrites, catalogProductsProvider],
});
