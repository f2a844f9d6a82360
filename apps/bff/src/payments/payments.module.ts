import { Module } from '@nestjs/common';
import { PaymentController } from './payment.controller';

/** Paying for orders at the gateway, and its webhook. */
@Module({ controllers: [PaymentController] })
export class PaymentsModule {}
