import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import type {
  OrderPaymentDto,
  PaymentGatewayDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  SandboxPayResult,
} from '@mkt/contracts';
import {
  paymentRecordSchema,
  paymentWebhookSchema,
  positiveIdSchema,
  sandboxPaySchema,
  orderPaymentSchema,
  paymentGatewaySchema,
  paymentRecordResultSchema,
  paymentVerificationSchema,
  sandboxPayResultSchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { PaymentClient } from '../services/payment.client';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

class VerificationPath extends createZodDto(
  z.object({ pmno: positiveIdSchema, impUid: z.string().trim().min(1).max(100) }),
) {}
class OrderPath extends idPath('ono') {}
class SandboxPayBody extends createZodDto(sandboxPaySchema) {}
class RecordBody extends createZodDto(paymentRecordSchema) {}
class WebhookBody extends createZodDto(paymentWebhookSchema) {}

/** Paying an order: the gateway's payment recorded, then verified with the gateway by the server. */
@Controller('api')
export class PaymentController {
  constructor(private readonly payments: PaymentClient) {}

  /** Which payment window to open: the sandbox's, or PortOne's with the merchant code. */
  @ApiDoc({
    summary: "Which payment window to open: the sandbox's, or PortOne's with the merchant code",
    answer: paymentGatewaySchema,
  })
  @Get('payments/gateway')
  gateway(): Promise<PaymentGatewayDto> {
    return this.payments.gateway();
  }

  /** The sandbox window's pay call (documented in the README); 404 where real PortOne is configured. */
  @ApiDoc({
    summary: "The sandbox gateway's pay call (its payment window's, and scripts')",
    description:
      "Only where no real PortOne is configured (404 there). The provider as PortOne `request_pay`'s `pg` (`kakaopay`, `html5_inicis.MID`, …) or as `pg_provider`; the caller is recorded as the payer. `outcome` chooses paid, a declined card or a closed window.",
    answer: sandboxPayResultSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: real PortOne is configured' },
  })
  @Post('payments/sandbox/pay')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  sandboxPay(@Body() request: SandboxPayBody, @Caller() caller: SessionClaims): Promise<SandboxPayResult> {
    // The caller is the payer.
    return this.payments.sandboxPay(caller.mno, request);
  }

  /** Records the gateway payment the browser made for the caller's order; 2xx with `success: false` when refused. */
  @ApiDoc({
    summary: "Records the gateway payment the browser made for the caller's order",
    description:
      'Answers 200 with `success: false` and the reason when the payment is refused; `amount` is not trusted.',
    answer: paymentRecordResultSchema,
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such order of the caller's" },
  })
  @Post('payments')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  record(@Body() payment: RecordBody, @Caller() caller: SessionClaims): Promise<PaymentRecordResult> {
    return this.payments.record(caller.mno, payment);
  }

  /** The spec's verification: true only when the order is complete. */
  @ApiDoc({
    summary: "The spec's verification: true once the order is complete (it waits up to 5 s for the chain)",
    answer: z.boolean(),
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such payment of the caller's" },
  })
  @Post('payments/verify/:impUid/:pmno')
  @HttpCode(200)
  @Header('Content-Type', 'application/json')
  @Authenticated({ roles: ['MEMBER'] })
  async verify(
    @Param() { pmno, impUid }: VerificationPath,
    @Caller() caller: SessionClaims,
  ): Promise<boolean> {
    return (await this.payments.verify(caller.mno, pmno, impUid)).verified;
  }

  /** Ours: the same verification, with where the order stands and why it did not complete. */
  @ApiDoc({
    summary: "Ours: the same verification, with the order's status and why it did not complete",
    answer: paymentVerificationSchema,
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such payment of the caller's" },
  })
  @Post('checkout/verify/:impUid/:pmno')
  @HttpCode(200)
  @Authenticated({ roles: ['MEMBER'] })
  verifyWithReason(
    @Param() { pmno, impUid }: VerificationPath,
    @Caller() caller: SessionClaims,
  ): Promise<PaymentVerificationDto> {
    return this.payments.verify(caller.mno, pmno, impUid);
  }

  /** PortOne's webhook: it names a payment, whose state is then read from the gateway itself. */
  @ApiDoc({
    summary: "PortOne's webhook: names a payment, whose state is then read from the gateway itself",
    answer: z.object({ result: z.string() }),
    errors: { 400: BAD_INPUT },
  })
  @Post('payments/webhook')
  @HttpCode(200)
  webhook(@Body() body: WebhookBody): Promise<{ result: string }> {
    return this.payments.webhook(body);
  }

  @ApiDoc({
    summary: "The gateway ids of the verified payment of the caller's order",
    answer: orderPaymentSchema,
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such paid order of the caller's" },
  })
  @Get('payments/order/:ono')
  @Authenticated({ roles: ['MEMBER'] })
  ofOrder(@Param() { ono }: OrderPath, @Caller() caller: SessionClaims): Promise<OrderPaymentDto> {
    return this.payments.ofOrder(caller.mno, ono);
  }
}
