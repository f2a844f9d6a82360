import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { BoardDatabase } from './database';
import { InquiryController } from './inquiries/inquiry.controller';
import { InquiryRepository } from './inquiries/inquiry.repository';

/** Product inquiries and replies (notices and FAQs arrive with their issue). */
export const boardService = defineService({
  name: 'board',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: BoardDatabase,
  controllers: [InquiryController],
  providers: () => [InquiryRepository],
});
