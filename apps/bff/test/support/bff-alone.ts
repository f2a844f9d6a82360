import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { JsonLogger } from '@mkt/platform';
import { BFF } from '@mkt/topology';
import type { KeyValueStore } from '../../src/auth/key-value-store';
import type { BffOptions } from '../../src/bff';
import { startBff } from '../../src/bff';
import type { ServiceUrls } from '../../src/services/service-clients';
import { InProcessVisitNotices, VisitorCounters } from '../../src/visitors/visitor-counters';

type AloneOptions = Omit<Partial<BffOptions>, 'services' | 'auth' | 'visitors'> & {
  /** The services a test stands in for; the others point where nothing answers. */
  services?: Partial<ServiceUrls>;
};

/** The BFF on its own on a free loopback port, its sessions and visitor counts in `store`. */
export function startBffAlone(store: KeyValueStore, options: AloneOptions = {}): Promise<INestApplication> {
  const nowhere = 'http://127.0.0.1:9';
  return startBff(
    {
      logger: new JsonLogger('bff', 'error'),
      ...options,
      services: {
        ...(Object.fromEntries(BFF.calls.map((name) => [name, nowhere])) as ServiceUrls),
        ...options.services,
      },
      auth: { jwtSecret: randomBytes(32).toString('hex'), store },
      visitors: new VisitorCounters(store, new InProcessVisitNotices()),
    },
    { port: 0, host: '127.0.0.1' },
  );
}
