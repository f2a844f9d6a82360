import { join } from 'node:path';
import { CqrsModule } from '@nestjs/cqrs';
import { orderReaderProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { RefundDatabase } from './database';
import { CompleteRefundOnPaymentRefunded } from './refunds/complete-refund.handler';
import { DecideRefundHandler } from './refunds/decide-refund';
import { RefundController } from './refunds/refund.controller';
import { RefundReads } from './refunds/refund-reads';
import { RequestRefundHandler } from './refunds/request-refund';

/** Refunds: requested by the shopper, decided by each seller of the order, completed once the gateway gave the money back. */
export const refundService = defineService({
  name: 'refund',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: RefundDatabase,
  imports: [CqrsModule.forRoot()],
  handlers: [CompleteRefundOnPaymentRefunded],
  controllers: [RefundController],
  providers: () => [RefundReads, RequestRefundHandler, DecideRefundHandler, orderReaderProvider],
});
