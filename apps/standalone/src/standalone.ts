import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BoardDatabase, boardService } from '@mkt/board';
import { cartService } from '@mkt/cart';
import { CatalogDatabase, catalogService } from '@mkt/catalog';
import { MemberDatabase, memberService } from '@mkt/member';
import { seedDemoStore } from './demo-store';
import { orderService } from '@mkt/order';
import { paymentService } from '@mkt/payment';
import { refundService } from '@mkt/refund';
import {
  DEFAULT_CATALOG_CACHE_MB,
  DEFAULT_MAIL_FROM,
  EmbeddedKeyValueStore,
  FolderMailer,
  InMemoryCallCounter,
  InProcessVisitNotices,
  megabytes,
  startBff,
  VisitorCounters,
} from '@mkt/bff';
import { startLocalSocialProvider } from './local-social-provider';
import { busMigrationsDir, InProcessTransport, retentionOfDays, RetentionPruner } from '@mkt/messaging';
import { applyMigrations, openEmbeddedDatabase } from '@mkt/persistence';
import type { TrustProxy } from '@mkt/http';
import type { ServiceDefinition } from '@mkt/platform';
import { JsonLogger } from '@mkt/observability';
import type { ServiceTransport } from '@mkt/http';
import { inProcessTransport } from '@mkt/http';
import { startService } from '@mkt/platform';
import type { ServiceName } from '@mkt/topology';
import { BFF, SERVICES } from '@mkt/topology';

const DEFINITIONS: Record<ServiceName, ServiceDefinition> = {
  catalog: catalogService,
  member: memberService,
  board: boardService,
  cart: cartService,
  order: orderService,
  payment: paymentService,
  refund: refundService,
};

/** Every service, in the topology's order: a service after the ones it calls. */
export const ALL_SERVICES: ServiceDefinition[] = SERVICES.map((node) => DEFINITIONS[node.name]);

export interface StandaloneOptions {
  /** Embedded database, images and other files; kept between starts. Undefined: in memory (tests). */
  dataDir: string;
  inMemory?: boolean;
  port: number;
  host: string;
  webDist?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** API calls per client address and minute (the BFF's general limit); none when absent or 0. */
  requestsPerMinute?: number;
  /** New visitor ids a client address may get per day (the visitor counters'); 0: no limit. */
  newVisitorsPerAddress?: number;
  /** The BFF's catalogue read cache's memory cap in MB (64); 0 turns it off. */
  catalogCacheMb?: number;
  /** Products per detail category in the demo store seeded on first start. */
  demoProductsPerCategory?: number;
  /** Days processed events are kept: the services' outbox and inbox rows, and the bus log; 7 when absent. */
  retentionDays?: number;
  /** Proxies in front that may name the client's address (as the distributed BFF's TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Other sites' origins allowed to call the API (as the distributed BFF's CORS_ORIGINS). */
  corsOrigins?: string[];
  /** The store's address in e-mailed links; the address it listens on when absent. */
  publicUrl?: string;
}

/** The access-token key, made on first start and kept with the data so sign-ins survive restarts. */
async function standaloneSecret(dataDir: string, inMemory = false): Promise<string> {
  if (inMemory) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

export interface RunningStandalone {
  url: string;
  /** The folder every e-mail the store sends is written to (an .eml file each). */
  mailFolder: string;
  /** How long each part of the start took, for the start's log line and the first-start benchmark. */
  phasesMs: Record<string, number>;
  /** A service's Nest application (tests reach its providers through it). */
  service(name: string): INestApplication;
  close(): Promise<void>;
}

/**
 * The whole marketplace in one process: every service on its own schema of one embedded PGlite,
 * events through the durable in-process bus, the BFF serving the API and the web app.
 */
export async function startStandalone(options: StandaloneOptions): Promise<RunningStandalone> {
  const phasesMs: Record<string, number> = {};
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      phasesMs[phase] = Math.round(performance.now() - started);
    }
  };
  const dataDir = resolve(options.dataDir);
  const db = await timed('database', () =>
    openEmbeddedDatabase(options.inMemory ? undefined : join(dataDir, 'pglite')),
  );
  await timed('busMigrations', () =>
    applyMigrations({ kind: 'embedded', db, schema: 'bus' }, [{ scope: 'bus', dir: busMigrationsDir }]),
  );
  const busLogger = new JsonLogger('bus', options.logLevel);
  const transport = new InProcessTransport(
    { query: async (sql, params) => (await db.query<never>(sql, params)).rows },
    { schema: 'bus', logger: busLogger },
  );
  const retention = retentionOfDays(options.retentionDays);
  const busPruner = new RetentionPruner(() => transport.prune(retention), { logger: busLogger });
  busPruner.start();
  const apps: INestApplication[] = [];
  const urls: Record<string, string> = {};
  /** Calls into a service already started go straight into its HTTP stack, without a socket. */
  const transports: Record<string, ServiceTransport> = {};
  const servicesStarted = performance.now();
  for (const definition of ALL_SERVICES) {
    const app = await startService(
      definition,
      {
        name: definition.name,
        database: { kind: 'embedded', db, schema: definition.name },
        transport,
        logger: new JsonLogger(definition.name, options.logLevel),
        dataDir: join(dataDir, definition.name),
        // Services start in the topology's order, so a called service is already listening.
        serviceUrls: Object.fromEntries(definition.calls.map((name) => [name, urls[name]])),
        serviceTransports: Object.fromEntries(definition.calls.map((name) => [name, transports[name]])),
        retentionDays: options.retentionDays,
      },
      { port: 0, host: '127.0.0.1' },
    );
    apps.push(app);
    urls[definition.name] = await app.getUrl();
    transports[definition.name] = inProcessTransport(app.getHttpAdapter().getInstance().routing);
  }
  phasesMs.services = Math.round(performance.now() - servicesStarted);
  const serviceApp = (name: string) => {
    const app = apps[ALL_SERVICES.findIndex((definition) => definition.name === name)];
    if (!app) throw new Error(`no service named ${name}`);
    return app;
  };
  await timed('seeding', () =>
    seedDemoStore(
      {
        catalog: serviceApp(catalogService.name).get(CatalogDatabase),
        board: serviceApp(boardService.name).get(BoardDatabase),
        member: serviceApp(memberService.name).get(MemberDatabase),
      },
      { productsPerCategory: options.demoProductsPerCategory },
    ),
  );
  // Social sign-in goes to a local stand-in for Kakao, Naver and Google: no internet needed.
  const socialProvider = await startLocalSocialProvider({ host: options.host });
  const jwtSecret = await standaloneSecret(dataDir, options.inMemory);
  // Sessions, login limits and visitor counts in the embedded database: a restart keeps them.
  const store = await EmbeddedKeyValueStore.open(db);
  const visitors = new VisitorCounters(store, new InProcessVisitNotices(), options.newVisitorsPerAddress);
  const bffLogger = new JsonLogger('bff', options.logLevel);
  // No mail server: each e-mail (a password reset link) is written to this folder and to the log.
  const mailer = new FolderMailer(join(dataDir, 'mail'), DEFAULT_MAIL_FROM, bffLogger);
  let url = options.publicUrl ?? '';
  const bff = await timed('bff', () =>
    startBff(
      {
        services: Object.fromEntries(BFF.calls.map((name) => [name, urls[name]])) as Record<
          ServiceName,
          string
        >,
        serviceTransports: Object.fromEntries(BFF.calls.map((name) => [name, transports[name]])),
        auth: { jwtSecret, store },
        visitors,
        social: socialProvider.settings,
        logger: bffLogger,
        webDist: options.webDist,
        trustProxy: options.trustProxy,
        corsOrigins: options.corsOrigins,
        requestsPerMinute: options.requestsPerMinute,
        callCounter: new InMemoryCallCounter(),
        catalogCache: {
          changes: transport,
          maxBytes: megabytes(options.catalogCacheMb ?? DEFAULT_CATALOG_CACHE_MB),
        },
        mail: { mailer, publicUrl: () => url },
        publicUrl: options.publicUrl,
      },
      { port: options.port, host: options.host },
    ),
  );
  const address = bff.getHttpServer().address() as { port: number };
  const listening = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${address.port}`;
  url ||= listening;
  return {
    phasesMs,
    url: listening,
    mailFolder: mailer.folder,
    service: serviceApp,
    close: async () => {
      await bff.close();
      await socialProvider.close();
      visitors.close();
      store.close();
      for (const app of apps.reverse()) await app.close();
      await busPruner.stop();
      await transport.close();
      await db.close();
    },
  };
}
