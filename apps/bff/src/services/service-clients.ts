import type { Provider } from '@nestjs/common';
import { BoardClient } from './board.client';
import { CartClient } from './cart.client';
import { CatalogClient } from './catalog.client';
import { MemberClient } from './member.client';
import { OrderClient } from './order.client';
import { PaymentClient } from './payment.client';
import { RefundClient } from './refund.client';
import type { ServiceTransport } from '@mkt/http';
import { ServiceClient } from '@mkt/http';
import type { ServiceName } from '@mkt/topology';

/** Base URLs of the services the BFF calls (libs/topology's BFF.calls), by service name. */
export type ServiceUrls = Record<ServiceName, string>;

/** How calls reach a service other than over HTTP (standalone mode: into its application in process). */
export type ServiceTransports = Partial<Record<ServiceName, ServiceTransport>>;

export const serviceClientProviders = (urls: ServiceUrls, transports: ServiceTransports = {}): Provider[] => {
  const client = (name: ServiceName) => new ServiceClient(name, urls[name], { transport: transports[name] });
  return [
    { provide: CatalogClient, useValue: new CatalogClient(client('catalog')) },
    { provide: BoardClient, useValue: new BoardClient(client('board')) },
    { provide: MemberClient, useValue: new MemberClient(client('member')) },
    { provide: CartClient, useValue: new CartClient(client('cart')) },
    { provide: OrderClient, useValue: new OrderClient(client('order')) },
    { provide: PaymentClient, useValue: new PaymentClient(client('payment')) },
    { provide: RefundClient, useValue: new RefundClient(client('refund')) },
  ];
};
