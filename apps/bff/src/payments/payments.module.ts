import { Module } from '@nestjs/common';
import { CheckoutVerification } from './checkout-verification';
import { PaymentController } from './payment.controller';

/** Paying for orders at the gateway, and its webhook. */
@Module({ controllers: [PaymentController], providers: [CheckoutVerification] })
export class PaymentsModule {}
