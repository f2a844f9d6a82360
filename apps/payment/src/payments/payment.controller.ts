import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type {
  OrderPaymentDto,
  PaymentGatewayDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  SandboxPayResult,
} from '@mkt/contracts';
import {
  orderDecisionWaitSchema,
  paymentRecordSchema,
  paymentWebhookSchema,
  positiveIdSchema,
  sandboxPaySchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { OPENED_GATEWAY } from '../gateway/gateway.providers';
import type { OpenedPaymentGateway } from '../gateway/gateway-settings';
import { paySandbox } from '../gateway/sandbox/sandbox-pay';
import { payerMark } from '../gateway/portone-api';
import { PaymentDatabase } from '../database';
import { PaymentReads } from './payment-reads';
import { RecordPayment } from './record-payment';
import { UnmatchedPayments } from './unmatched-payments';
import { VerifyPayment } from './verify-payment';

class PaymentPath extends idPath('pmno') {}
class OrderPath extends idPath('ono') {}
class PayerQuery extends createZodDto(z.object({ mno: positiveIdSchema })) {}
class RecordingBody extends createZodDto(z.object({ mno: positiveIdSchema, payment: paymentRecordSchema })) {}
class SandboxPaymentBody extends createZodDto(
  z.object({ mno: positiveIdSchema, request: sandboxPaySchema }),
) {}
class VerificationBody extends createZodDto(
  z.object({
    mno: positiveIdSchema,
    impUid: z.string().trim().min(1).max(100),
    waitMs: orderDecisionWaitSchema.default(5_000),
  }),
) {}
class WebhookBody extends createZodDto(paymentWebhookSchema) {}

/** Internal: the BFF calls these for the signed-in member (and passes the gateway's webhook on). */
@Controller('payments')
export class PaymentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: PaymentReads,
    private readonly db: PaymentDatabase,
    private readonly unmatched: UnmatchedPayments,
    @Inject(OPENED_GATEWAY) private readonly gateway: OpenedPaymentGateway,
  ) {}

  @Post()
  @HttpCode(200)
  record(@Body() { mno, payment }: RecordingBody): Promise<PaymentRecordResult> {
    return this.commands.execute(new RecordPayment(mno, payment));
  }

  @Post(':pmno/verify')
  @HttpCode(200)
  verify(
    @Param() { pmno }: PaymentPath,
    @Body() { mno, impUid, waitMs }: VerificationBody,
  ): Promise<PaymentVerificationDto> {
    return this.commands.execute(new VerifyPayment(pmno, impUid, mno, waitMs));
  }

  /** The gateway says a payment changed: verify it as the browser would, whichever comes first. */
  @Post('webhook')
  @HttpCode(200)
  async webhook(
    @Body() { imp_uid, merchant_uid }: WebhookBody,
  ): Promise<{ result: 'verified' | 'not verified' | 'unknown payment' }> {
    const payment = await this.db.payment.findUnique({ where: { impUid: imp_uid } });
    if (!payment) {
      // Not recorded yet: the browser's verification will check it; if nobody ever does, it goes back.
      await this.unmatched.note(imp_uid, merchant_uid ?? '');
      return { result: 'unknown payment' };
    }
    const answer = await this.commands.execute<VerifyPayment, PaymentVerificationDto>(
      new VerifyPayment(payment.pmno, imp_uid, undefined, 0),
    );
    return { result: answer.verified || answer.status === 'PAYMENT_PENDING' ? 'verified' : 'not verified' };
  }

  @Get('order/:ono')
  ofOrder(@Param() { ono }: OrderPath, @Query() { mno }: PayerQuery): Promise<OrderPaymentDto> {
    return this.reads.ofOrder(ono, mno);
  }

  @Get('gateway')
  settings(): PaymentGatewayDto {
    return this.gateway.sandboxUrl
      ? { mode: 'sandbox' }
      : { mode: 'portone', merchantCode: this.gateway.merchantCode! };
  }

  /**
   * The sandbox window's pay call, for the signed-in member `mno`, whom the payment names as its payer
   * (whatever `custom_data` the request carried); it does not exist with real PortOne.
   */
  @Post('sandbox/pay')
  @HttpCode(200)
  sandboxPay(@Body() { mno, request }: SandboxPaymentBody): Promise<SandboxPayResult> {
    if (!this.gateway.sandboxUrl) throw new NotFoundException();
    return paySandbox(this.gateway.sandboxUrl, { ...request, custom_data: payerMark(mno) });
  }
}
