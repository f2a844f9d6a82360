import { z } from 'zod';
import { orderSchema } from '@mkt/contracts';
import type { OrderCreate, OrderDto, PlacedOrderDto } from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the order service, always for the signed-in member. */
export class OrderClient {
  constructor(private readonly http: ServiceClient) {}

  place(mno: number, idempotencyKey: string, order: OrderCreate): Promise<PlacedOrderDto> {
    return this.http.post('/orders', { mno, idempotencyKey, order });
  }

  ofMember(mno: number): Promise<OrderDto[]> {
    return this.http.get(`/orders/member/${mno}`, z.array(orderSchema));
  }

  /** One of the member's orders; another member's is not found (404). */
  memberOrder(mno: number, ono: number): Promise<OrderDto> {
    return this.http.get(`/orders/member/${mno}/${ono}`, orderSchema);
  }

  /**
   * Waits (about 2 s at most) until the member's order shows their own refund request or review,
   * made through another service and reaching the order as an event: a read right after shows it.
   */
  async ownChangeShown(mno: number, change: { ono: number; rfno: number } | { orno: number }): Promise<void> {
    // The change is made: should the order service not answer, the caller still hears so.
    await this.http.get(`/orders/own-change/${mno}`, orderSchema, change).catch(() => undefined);
  }

  /** The member's payment window for the order ended without paying: the order is cancelled at once. */
  paymentAbandoned(mno: number, ono: number, outcome: 'cancelled' | 'declined'): Promise<OrderDto> {
    return this.http.post(`/orders/member/${mno}/${ono}/payment-abandoned`, { outcome });
  }

  /** Orders a console lists: a seller's (only its lines), or every one for an admin (no seller). */
  forConsole(filter: { sellerId?: number; status?: string; mno?: number }): Promise<OrderDto[]> {
    return this.http.get('/orders/console', z.array(orderSchema), { ...filter });
  }
}
