import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { JsonLogger } from '@mkt/observability';
import { BFF } from '@mkt/topology';
import type { KeyValueStore } from '../../src/auth/key-value-store';
import type { BffOptions } from '../../src/bff';
import { createBff } from '../../src/bff';
import type { ServiceUrls } from '../../src/services/service-clients';
import { InProcessVisitNotices, VisitorCounters } from '../../src/visitors/visitor-counters';

type AloneOptions = Omit<Partial<BffOptions>, 'services' | 'auth' | 'visitors'> & {
  /** The services a test stands in for; the others point where nothing answers. */
  services?: Partial<ServiceUrls>;
};

/** The BFF on its own, not yet listening, its sessions and visitor counts in `store`. */
export function createBffAlone(
  store: KeyValueStore,
  options: AloneOptions = {},
): Promise<NestFastifyApplication> {
  const nowhere = 'http://127.0.0.1:9';
  return createBff({
    logger: new JsonLogger('bff', 'error'),
    ...options,
    services: {
      ...(Object.fromEntries(BFF.calls.map((name) => [name, nowhere])) as ServiceUrls),
      ...options.services,
    },
    auth: { jwtSecret: randomBytes(32).toString('hex'), store },
    visitors: new VisitorCounters(store, new InProcessVisitNotices()),
  });
}

/** The BFF on its own on a free loopback port, its sessions and visitor counts in `store`. */
export async function startBffAlone(
  store: KeyValueStore,
  options: AloneOptions = {},
): Promise<INestApplication> {
  const app = await createBffAlone(store, options);
  await app.listen(0, '127.0.0.1');
  return app;
}
