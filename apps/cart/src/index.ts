// The cart service's front door: what the composition root (apps/standalone) assembles.
export { cartService } from './cart.service';
