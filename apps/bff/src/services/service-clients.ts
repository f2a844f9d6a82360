import type { Provider } from '@nestjs/common';
import { BoardClient } from './board.client';
import { CatalogClient } from './catalog.client';
import { MemberClient } from './member.client';
import { ServiceClient } from './service-client';

/** Base URLs of the services the BFF calls, by service name. */
export type ServiceUrls = Record<'catalog' | 'board' | 'member', string>;

export const serviceClientProviders = (urls: ServiceUrls): Provider[] => [
  { provide: CatalogClient, useValue: new CatalogClient(new ServiceClient('catalog', urls.catalog)) },
  { provide: BoardClient, useValue: new BoardClient(new ServiceClient('board', urls.board)) },
  { provide: MemberClient, useValue: new MemberClient(new ServiceClient('member', urls.member)) },
];
