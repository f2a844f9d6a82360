import type { Provider } from '@nestjs/common';
import { BoardClient } from './board.client';
import { CartClient } from './cart.client';
import { CatalogClient } from './catalog.client';
import { MemberClient } from './member.client';
import { OrderClient } from './order.client';
import { PaymentClient } from './payment.client';
import { RefundClient } from './refund.client';
import { ServiceClient } from '@mkt/platform';
import type { ServiceName } from '@mkt/topology';

/** Base URLs of the services the BFF calls (libs/topology's BFF.calls), by service name. */
export type ServiceUrls = Record<ServiceName, string>;

export const serviceClientProviders = (urls: ServiceUrls): Provider[] => [
  { provide: CatalogClient, useValue: new CatalogClient(new ServiceClient('catalog', urls.catalog)) },
  { provide: BoardClient, useValue: new BoardClient(new ServiceClient('board', urls.board)) },
  { provide: MemberClient, useValue: new MemberClient(new ServiceClient('member', urls.member)) },
  { provide: CartClient, useValue: new CartClient(new ServiceClient('cart', urls.cart)) },
  { provide: OrderClient, useValue: new OrderClient(new ServiceClient('order', urls.order)) },
  { provide: PaymentClient, useValue: new PaymentClient(new ServiceClient('payment', urls.payment)) },
  { provide: RefundClient, useValue: new RefundClient(new ServiceClient('refund', urls.refund)) },
];
