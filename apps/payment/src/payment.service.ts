import { join } from 'node:path';
import { CqrsModule } from '@nestjs/cqrs';
import { defineService, SERVICE_RUNTIME, ServiceClient, serviceUrl } from '@mkt/platform';
import type { ServiceRuntime } from '@mkt/platform';
import { PaymentDatabase } from './database';
import { gatewayProviders } from './gateway/gateway.providers';
import {
  GatewayCancellation,
  GiveBackPaymentOfCancelledOrder,
  GiveBackRejectedPayment,
} from './payments/gateway-cancellation';
import { OrderReader } from './payments/order-reader';
import { PaymentController } from './payments/payment.controller';
import { PaymentReads } from './payments/payment-reads';
import { RecordPaymentHandler } from './payments/record-payment';
import { VerifyPaymentHandler } from './payments/verify-payment';

/** Gateway payments of orders: recorded, verified with the gateway, given back when they cannot pay. */
export const paymentService = defineService({
  name: 'payment',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: PaymentDatabase,
  calls: ['order'],
  imports: [CqrsModule.forRoot()],
  handlers: [GiveBackRejectedPayment, GiveBackPaymentOfCancelledOrder],
  controllers: [PaymentController],
  providers: () => [
    ...gatewayProviders,
    GatewayCancellation,
    PaymentReads,
    RecordPaymentHandler,
    VerifyPaymentHandler,
    {
      provide: OrderReader,
      inject: [SERVICE_RUNTIME],
      useFactory: (runtime: ServiceRuntime) =>
        new OrderReader(new ServiceClient('order', serviceUrl(runtime, 'order'))),
    },
  ],
});
