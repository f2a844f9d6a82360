// The refund service's front door: what the composition root (apps/standalone) assembles.
export { refundService } from './refund.service';
