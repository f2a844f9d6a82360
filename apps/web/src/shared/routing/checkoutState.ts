import type { CartLineDto } from '@mkt/contracts';

/** The router state the cart opens /payment/form with: the lines the shopper chose to pay for. */
export interface PaymentFormState {
  cartItems: CartLineDto[];
}
