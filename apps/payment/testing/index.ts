// The payment service's test-facing surface (`@mkt/payment/testing`), for other projects' tests:
// its database, the gateway a test replaces or makes fail, and the commands and sweeps it drives.
export { PaymentDatabase } from '../src/database';
export { PAYMENT_GATEWAY } from '../src/gateway/gateway.providers';
export type { PaymentGateway } from '../src/gateway/payment-gateway';
export { GatewayUnreachableError, PaymentNotFoundError } from '../src/gateway/payment-gateway';
export { GatewayCancellation } from '../src/payments/gateway-cancellation';
export { UnmatchedPayments } from '../src/payments/unmatched-payments';
export { VerifyPayment } from '../src/payments/verify-payment';
export { CLAIM_MS, RefundCanceller } from '../src/refunds/refund-cancellations';
