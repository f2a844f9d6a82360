import { join } from 'node:path';
import { CqrsModule } from '@nestjs/cqrs';
import { orderReaderProvider } from '@mkt/internal-clients';
import { defineService } from '@mkt/platform';
import { PaymentDatabase } from './database';
import { gatewayProviders } from './gateway/gateway.providers';
import {
  GatewayCancellation,
  GiveBackPaymentOfCancelledOrder,
  GiveBackRejectedPayment,
} from './payments/gateway-cancellation';
import { PaymentController } from './payments/payment.controller';
import { PaymentReads } from './payments/payment-reads';
import { RecordPaymentHandler } from './payments/record-payment';
import { UnmatchedPayments } from './payments/unmatched-payments';
import { VerifyPaymentHandler } from './payments/verify-payment';
import { QueueRefundCancellations, RefundCanceller } from './refunds/refund-cancellations';

/** Gateway payments of orders: recorded, verified with the gateway, given back when they cannot pay or are refunded. */
export const paymentService = defineService({
  name: 'payment',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: PaymentDatabase,
  imports: [CqrsModule.forRoot()],
  handlers: [GiveBackRejectedPayment, GiveBackPaymentOfCancelledOrder, QueueRefundCancellations],
  controllers: [PaymentController],
  providers: () => [
    ...gatewayProviders,
    GatewayCancellation,
    PaymentReads,
    RecordPaymentHandler,
    VerifyPaymentHandler,
    RefundCanceller,
    UnmatchedPayments,
    orderReaderProvider,
  ],
});
