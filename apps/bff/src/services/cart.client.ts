import { z } from 'zod';
import { cartLineSchema, cartSummarySchema } from '@mkt/contracts';
import type { CartAdd, CartLineDto, CartSummaryDto } from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the cart service, always for the signed-in member. */
export class CartClient {
  constructor(private readonly http: ServiceClient) {}

  lines(mno: number): Promise<CartLineDto[]> {
    return this.http.get(`/carts/${mno}`, z.array(cartLineSchema));
  }

  summary(mno: number, cinos: number[]): Promise<CartSummaryDto> {
    return this.http.get(`/carts/${mno}/summary`, cartSummarySchema, { cino: cinos.join(',') });
  }

  add(mno: number, line: CartAdd): Promise<CartLineDto[]> {
    return this.http.post(`/carts/${mno}/lines`, line);
  }

  change(mno: number, cino: number, quantity: number): Promise<CartLineDto> {
    return this.http.put(`/carts/${mno}/lines/${cino}`, { c_cnt: quantity });
  }

  remove(mno: number, cino: number): Promise<CartLineDto[]> {
    return this.http.delete(`/carts/${mno}/lines/${cino}`);
  }
}
