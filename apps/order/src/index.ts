// The order service's front door: what the composition root (apps/standalone) assembles.
export { orderService } from './order.service';
