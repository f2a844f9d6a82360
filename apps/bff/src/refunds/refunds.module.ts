import { Module } from '@nestjs/common';
import { RefundController } from './refund.controller';

/** Refund requests and the sellers' decisions on them. */
@Module({ controllers: [RefundController] })
export class RefundsModule {}
