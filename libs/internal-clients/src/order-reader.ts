import { orderSchema, orderStandingSchema } from '@mkt/contracts';
import type { OrderDto, OrderStanding } from '@mkt/contracts';
import type { Provider } from '@nestjs/common';
import type { ServiceRuntime } from '@mkt/platform';
import type { ServiceClient } from '@mkt/http';
import { SERVICE_RUNTIME, serviceClient } from '@mkt/platform';

/** Reads orders from the order service: whose they are, their server total, where they stand. */
export class OrderReader {
  constructor(private readonly orders: ServiceClient) {}

  /** The order, or the order service's 404 when there is none (or it is another member's). */
  order(ono: number, mno?: number): Promise<OrderDto> {
    return this.orders.get(
      mno === undefined ? `/orders/${ono}` : `/orders/member/${mno}/${ono}`,
      orderSchema,
    );
  }

  /** Where the order stands, without its lines; the order service's 404 when there is none. */
  standing(ono: number): Promise<OrderStanding> {
    return this.orders.get(`/orders/${ono}/standing`, orderStandingSchema);
  }

  /** Where the order stands once its process ended (completed or cancelled), or after `waitMs`. */
  decided(ono: number, waitMs: number): Promise<OrderStanding> {
    return this.orders.get(`/orders/${ono}/decided`, orderStandingSchema, { waitMs });
  }
}

/** The provider of OrderReader for a service that lists order in its `calls`. */
export const orderReaderProvider: Provider = {
  provide: OrderReader,
  inject: [SERVICE_RUNTIME],
  useFactory: (runtime: ServiceRuntime) => new OrderReader(serviceClient(runtime, 'order')),
};
