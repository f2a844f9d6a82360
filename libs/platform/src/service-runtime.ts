import type {
  DynamicModule,
  INestApplication,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Provider,
  Type,
} from '@nestjs/common';
import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DatabaseNotices, MessageTransport, RawSqlClient, TransactionRunner } from '@mkt/messaging';
import {
  EventConsumer,
  messagingMigrationsDir,
  Outbox,
  OutboxRelay,
  pruneMessagingTables,
  retentionOfDays,
  RetentionPruner,
} from '@mkt/messaging';
import type { DatabaseTarget, MigrationSet, OpenDatabaseNotices } from '@mkt/persistence';
import { applyMigrations, openDatabaseNotices, prismaAdapterFor } from '@mkt/persistence';
import { serviceNode } from '@mkt/topology';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import type { ListenOptions } from '@mkt/http';
import type { ServiceTransport } from '@mkt/http';
import { createHttpApp, listenOn, SchemaInputModule, ServiceClient } from '@mkt/http';
import type { Liveness, Readiness } from '@mkt/observability';
import {
  answerReadiness,
  handlingCounters,
  JsonLogger,
  liveness,
  Metrics,
  MetricsController,
  OPS_TOKEN,
  OpsTokenGuard,
  registerMessagingGauges,
} from '@mkt/observability';
import { InboxTransport } from './event-handlers';

/** What a service gets from the process that hosts it: standalone and distributed differ only here. */
export interface ServiceRuntime {
  name: string;
  database: DatabaseTarget;
  transport: MessageTransport;
  logger: JsonLogger;
  /** A folder the service may keep files in (catalog keeps product images there). */
  dataDir: string;
  /** Base URLs of the services this one calls over internal HTTP (its definition's `calls`). */
  serviceUrls: Record<string, string>;
  /**
   * How calls reach some of those services instead of a socket: standalone mode dispatches them into
   * the called service's application in the same process (`inProcessTransport`).
   */
  serviceTransports?: Record<string, ServiceTransport>;
  /** The token operators send (`x-ops-token`) to the outbox operations routes; without one they are off. */
  opsToken?: string;
  /** The outbox relay's safety-net poll (it wakes on each committed event); 5 s when absent. */
  relayPollIntervalMs?: number;
  /** Published outbox events and inbox rows older than this go (MESSAGING_RETENTION_DAYS); 7 days when absent. */
  retentionDays?: number;
}

/** The client of a service this one calls; a definition that forgot to list it in `calls` fails here. */
export function serviceClient(runtime: ServiceRuntime, name: string): ServiceClient {
  const url = runtime.serviceUrls[name];
  if (!url) throw new Error(`${runtime.name} calls ${name} but was given no URL for it`);
  return new ServiceClient(name, url, { transport: runtime.serviceTransports?.[name] });
}

/** A Prisma client as the platform uses it; each service passes its own generated class. */
export interface PrismaLike extends RawSqlClient {
  $disconnect(): Promise<void>;
}
export type PrismaClass<P extends PrismaLike> = new (options: {
  adapter: SqlDriverAdapterFactory;
  transactionOptions?: { maxWait?: number; timeout?: number };
}) => P;

export interface ServiceDefinition {
  name: string;
  /** The service's own Prisma migrations. */
  migrationsDir: string;
  /** Services it reads from over internal HTTP (never to change their state: that goes by events). */
  calls: readonly string[];
  module(runtime: ServiceRuntime): DynamicModule;
}

export const SERVICE_RUNTIME = Symbol('SERVICE_RUNTIME');
/** The service's Prisma client, for platform parts that only need raw SQL. */
const DATABASE = Symbol('DATABASE');
/** The service database's notifications (`DatabaseNotices`): what waits for a commit listens here. */
export const DATABASE_NOTICES = Symbol('DATABASE_NOTICES');

/** The probes (./health): live while the process answers, ready while its database does too. */
@Controller('health')
class HealthController {
  constructor(@Inject(DATABASE) private readonly db: PrismaLike) {}

  @Get('live')
  live(): Liveness {
    return liveness();
  }

  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    return answerReadiness(reply, { database: () => this.db.$queryRawUnsafe('SELECT 1') });
  }
}

class RedriveBody extends createZodDto(
  z.object({ ids: z.array(z.string().regex(/^\d+$/)).optional() }).default({}),
) {}
class OutboxStatusQuery extends createZodDto(
  z.object({ status: z.enum(['PENDING', 'PUBLISHED', 'FAILED']).default('FAILED') }),
) {}

/** For operators (with the ops token): see events the relay gave up on and put them back in line. */
@Controller('ops/outbox')
@UseGuards(OpsTokenGuard)
class OutboxOpsController {
  constructor(private readonly relay: OutboxRelay) {}

  @Get()
  list(@Query() { status }: OutboxStatusQuery) {
    return this.relay.list(status);
  }

  @Post('redrive')
  async redrive(@Body() { ids }: RedriveBody) {
    return { redriven: await this.relay.redrive(ids) };
  }
}

@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly pruner: RetentionPruner;

  constructor(
    private readonly relay: OutboxRelay,
    @Inject(DATABASE) private readonly db: PrismaLike,
    @Inject(DATABASE_NOTICES) private readonly notices: OpenDatabaseNotices,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    consumer: EventConsumer<RawSqlClient>,
    metrics: Metrics,
  ) {
    registerMessagingGauges(metrics, {
      relay,
      transport: runtime.transport,
      groupId: runtime.name,
      topics: () => consumer.topics,
      logger: runtime.logger,
    });
    const retention = retentionOfDays(runtime.retentionDays);
    this.pruner = new RetentionPruner(() => pruneMessagingTables(db, runtime.database.schema, retention), {
      logger: runtime.logger,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
    this.pruner.start();
  }

  // The event consumer has stopped by now: Nest closes the transport (InboxTransport) before this.
  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.pruner.stop();
    await this.notices.close();
    await this.db.$disconnect();
  }
}

export interface ServicePlatformOptions<P extends PrismaLike> {
  runtime: ServiceRuntime;
  prisma: PrismaClass<P>;
}

/**
 * What every service has: its Prisma client on its own database, the outbox and its relay, the
 * event consumer with its inbox, the pruning of both, health, metrics and outbox operations endpoints.
 */
@Module({})
export class ServicePlatformModule {
  static register<P extends PrismaLike>(options: ServicePlatformOptions<P>): DynamicModule {
    const { runtime, prisma } = options;
    const providers: Provider[] = [
      { provide: SERVICE_RUNTIME, useValue: runtime },
      { provide: JsonLogger, useValue: runtime.logger },
      { provide: OPS_TOKEN, useValue: runtime.opsToken ?? '' },
      { provide: Metrics, useValue: new Metrics(runtime.name) },
      {
        provide: prisma,
        // PGlite serialises transactions, so waits can be longer than Prisma's 2 s default.
        useFactory: () =>
          new prisma({
            adapter: prismaAdapterFor(runtime.database),
            transactionOptions: { maxWait: 10_000, timeout: 20_000 },
          }),
      },
      { provide: DATABASE, useExisting: prisma },
      { provide: DATABASE_NOTICES, useFactory: () => openDatabaseNotices(runtime.database) },
      {
        provide: Outbox,
        inject: [OutboxRelay],
        useFactory: (relay: OutboxRelay) =>
          new Outbox(
            runtime.database.schema,
            runtime.name,
            new Set(serviceNode(runtime.name).publishes.map((event) => event.topic)),
            relay,
          ),
      },
      {
        provide: OutboxRelay,
        inject: [DATABASE, DATABASE_NOTICES],
        useFactory: (db: PrismaLike, notices: DatabaseNotices) =>
          new OutboxRelay(db, runtime.transport, {
            schema: runtime.database.schema,
            logger: runtime.logger,
            pollIntervalMs: runtime.relayPollIntervalMs,
            notices,
          }),
      },
      {
        provide: EventConsumer,
        inject: [DATABASE, Metrics],
        useFactory: (db: PrismaLike, metrics: Metrics) =>
          new EventConsumer(runtime.transport, {
            groupId: runtime.name,
            schema: runtime.database.schema,
            transaction: transactionRunner(db),
            logger: runtime.logger,
            observer: handlingCounters(metrics),
          }),
      },
      MessagingLifecycle,
    ];
    return {
      module: ServicePlatformModule,
      imports: [SchemaInputModule],
      controllers: [HealthController, OutboxOpsController, MetricsController],
      providers,
      exports: [SERVICE_RUNTIME, JsonLogger, prisma, Outbox, EventConsumer, Metrics, DATABASE_NOTICES],
    };
  }
}

/** Prisma's interactive transaction, typed for the messaging library. */
function transactionRunner(db: PrismaLike): TransactionRunner<RawSqlClient> {
  const withTransactions = db as PrismaLike & {
    $transaction<R>(work: (tx: RawSqlClient) => Promise<R>): Promise<R>;
  };
  return (work) => withTransactions.$transaction(work);
}

/** A service's migrations: messaging's first, since its tables may announce inserts with notify_listeners(). */
export function serviceMigrations(definition: ServiceDefinition): MigrationSet[] {
  return [
    { scope: 'messaging', dir: messagingMigrationsDir },
    { scope: definition.name, dir: definition.migrationsDir },
  ];
}

/** Migrates the service's database, then serves it. */
export async function startService(
  definition: ServiceDefinition,
  runtime: ServiceRuntime,
  listen: ListenOptions,
): Promise<INestApplication> {
  const applied = await applyMigrations(runtime.database, serviceMigrations(definition));
  if (applied.length)
    runtime.logger.log('migrations applied', { migrations: applied.map((m) => `${m.scope}/${m.name}`) });
  const app = await createHttpApp(definition.module(runtime), { logger: runtime.logger });
  app.connectMicroservice({
    strategy: new InboxTransport(app.get(EventConsumer), serviceNode(runtime.name)),
  });
  await app.init();
  await app.startAllMicroservices();
  await listenOn(app, listen);
  return app;
}

export interface ServiceSpec<P extends PrismaLike> {
  name: string;
  migrationsDir: string;
  prisma: PrismaClass<P>;
  /** Controllers whose `@ConsumesEvent` methods react to other services' events. */
  handlers?: Type[];
  /** Nest modules the service uses (CqrsModule, say). */
  imports?: DynamicModule[];
  controllers?: Type[];
  providers?: (runtime: ServiceRuntime) => Provider[];
}

/**
 * A service from its parts; its Nest module gets the platform (database, outbox, inbox, health).
 * Whom it calls, what it publishes and what it consumes are its node of libs/topology.
 */
export function defineService<P extends PrismaLike>(spec: ServiceSpec<P>): ServiceDefinition {
  const moduleClass = { [`${spec.name}Module`]: class {} }[`${spec.name}Module`];
  Module({})(moduleClass);
  return {
    name: spec.name,
    migrationsDir: spec.migrationsDir,
    calls: serviceNode(spec.name).calls,
    module: (runtime) => ({
      module: moduleClass,
      imports: [ServicePlatformModule.register({ runtime, prisma: spec.prisma }), ...(spec.imports ?? [])],
      controllers: [...(spec.controllers ?? []), ...(spec.handlers ?? [])],
      providers: spec.providers?.(runtime) ?? [],
    }),
  };
}
