import { orderPaymentSchema, paymentGatewaySchema } from '@mkt/contracts';
import type {
  OrderPaymentDto,
  PaymentGatewayDto,
  PaymentRecord,
  PaymentRecordResult,
  PaymentVerificationDto,
  SandboxPayRequest,
  SandboxPayResult,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the payment service. */
export class PaymentClient {
  constructor(private readonly http: ServiceClient) {}

  record(mno: number, payment: PaymentRecord): Promise<PaymentRecordResult> {
    return this.http.post('/payments', { mno, payment });
  }

  verify(mno: number, pmno: number, impUid: string): Promise<PaymentVerificationDto> {
    return this.http.post(`/payments/${pmno}/verify`, { mno, impUid });
  }

  webhook(body: unknown): Promise<{ result: string }> {
    return this.http.post('/payments/webhook', body);
  }

  ofOrder(mno: number, ono: number): Promise<OrderPaymentDto> {
    return this.http.get(`/payments/order/${ono}`, orderPaymentSchema, { mno });
  }

  gateway(): Promise<PaymentGatewayDto> {
    return this.http.get('/payments/gateway', paymentGatewaySchema);
  }

  sandboxPay(mno: number, request: SandboxPayRequest): Promise<SandboxPayResult> {
    return this.http.post('/payments/sandbox/pay', { mno, request });
  }
}
