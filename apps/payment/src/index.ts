// The payment service's front door: what the composition root (apps/standalone) assembles.
export { paymentService } from './payment.service';
