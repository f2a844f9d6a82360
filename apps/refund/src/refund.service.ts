import { join } from 'node:path';
import { CqrsModule } from '@nestjs/cqrs';
import { orderReaderProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { RefundDatabase } from './database';
import { RecordPartRefunded } from './refunds/part-refunded.handler';
import { DecideRefundHandler } from './refunds/decide-refund';
import { RefundController } from './refunds/refund.controller';
import { RefundProgress } from './refunds/refund-progress';
import { RefundReads } from './refunds/refund-reads';
import { RequestRefundHandler } from './refunds/request-refund';

/** Refunds: requested by the shopper, decided by each seller of the order, completed once the gateway gave the money back. */
export const refundService = defineService({
  name: 'refund',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: RefundDatabase,
  imports: [CqrsModule.forRoot()],
  handlers: [RecordPartRefunded],
  controllers: [RefundController],
  providers: () => [
    RefundReads,
    RefundProgress,
    RequestRefundHandler,
    DecideRefundHandler,
    orderReaderProvider,
  ],
});
