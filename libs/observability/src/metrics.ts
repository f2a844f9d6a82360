import { Controller, Get, Header, Inject, UseGuards } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConsumerObserver, MessageTransport, OutboxRelay } from '@mkt/messaging';
import type { JsonLogger } from './logger';
import { OpsTokenGuard } from './ops-token';

/** The label of requests no route answered (static files, 404s): raw paths would make a series per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route pattern the router matched (`/api/product/:pno`), never the raw URL. */
export function routeLabel(request: Pick<FastifyRequest, 'routeOptions'>): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * One application's metrics, in a registry of its own with every series labelled by the application:
 * standalone mode hosts the BFF and seven services in one process, and tests start many applications
 * in one process, so nothing goes to prom-client's global registry.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;

  constructor(application: string) {
    this.registry.setDefaultLabels({ service: application });
    this.httpDuration = new Histogram({
      name: 'mkt_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class, and how long they took',
      labelNames: ['method', 'route', 'status_class'],
      registers: [this.registry],
    });
  }

  /**
   * Times every request until its answer is sent, streamed answers included (on the raw response);
   * installed before every other hook.
   */
  observeHttp(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      const stop = this.httpDuration.startTimer();
      reply.raw.once('finish', () =>
        stop({
          method: request.method,
          route: routeLabel(request),
          status_class: statusClass(reply.raw.statusCode),
        }),
      );
      done();
    });
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Gauges read when scraped; a source that cannot answer leaves its series out rather than failing the scrape. */
function scrapedGauge<L extends string>(
  metrics: Metrics,
  logger: JsonLogger,
  config: { name: string; help: string; labelNames?: L[] },
  read: (gauge: Gauge<L>) => Promise<void>,
): void {
  new Gauge<L>({
    ...config,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      try {
        await read(this);
      } catch (error) {
        logger.warn('metric not collected', { metric: config.name, error: String(error) });
      }
    },
  });
}

export interface MessagingMetricSources {
  relay: OutboxRelay;
  transport: MessageTransport;
  /** The service's consumer group and the topics its handlers read. */
  groupId: string;
  topics: () => string[];
  logger: JsonLogger;
}

/** Outbox backlog and consumer lag, read from the outbox table and the bus on every scrape. */
export function registerMessagingGauges(metrics: Metrics, sources: MessagingMetricSources): void {
  const { relay, transport, logger } = sources;
  // Scraping collects every gauge at once: the three outbox gauges share one query.
  let reading: ReturnType<OutboxRelay['backlog']> | undefined;
  const backlog = () =>
    (reading ??= relay.backlog().finally(() => {
      reading = undefined;
    }));
  scrapedGauge(
    metrics,
    logger,
    { name: 'mkt_outbox_pending_events', help: 'Outbox events waiting to be published' },
    async (gauge) => gauge.set((await backlog()).pending),
  );
  scrapedGauge(
    metrics,
    logger,
    {
      name: 'mkt_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest outbox event waiting (0: none)',
    },
    async (gauge) => gauge.set((await backlog()).oldestPendingSeconds),
  );
  scrapedGauge(
    metrics,
    logger,
    { name: 'mkt_outbox_failed_events', help: 'Outbox events parked as FAILED, waiting for an operator' },
    async (gauge) => gauge.set((await backlog()).failed),
  );
  const consumerLag = transport.consumerLag?.bind(transport);
  if (!consumerLag) return;
  scrapedGauge(
    metrics,
    logger,
    {
      name: 'mkt_consumer_lag_messages',
      help: "Messages the service's consumer group has not committed yet, per topic and partition",
      labelNames: ['topic', 'partition'],
    },
    async (gauge) => {
      const topics = sources.topics();
      if (topics.length === 0) return;
      for (const { topic, partition, lag } of await consumerLag(sources.groupId, topics))
        gauge.set({ topic, partition: String(partition) }, lag);
    },
  );
}

/** Counts the consumer's duplicates skipped (the inbox) and messages dead-lettered, by topic and handler. */
export function handlingCounters(metrics: Metrics): ConsumerObserver {
  const counter = (name: string, help: string) =>
    new Counter({ name, help, labelNames: ['topic', 'handler'], registers: [metrics.registry] });
  const duplicates = counter(
    'mkt_inbox_duplicates_skipped_total',
    'Events delivered again and skipped because the inbox had them',
  );
  const deadLettered = counter('mkt_events_dead_lettered_total', 'Messages sent to a dead-letter topic');
  return {
    handled: (outcome, topic, handler) => {
      if (outcome === 'duplicate') duplicates.inc({ topic, handler });
      if (outcome === 'dead-lettered') deadLettered.inc({ topic, handler });
    },
  };
}

/** `GET /metrics` in Prometheus' text format, open: for the internal services, which the internet does not reach. */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(Metrics) private readonly metrics: Metrics) {}

  @Get()
  @Header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.exposition();
  }
}

/** The same for a public application (the BFF): only callers with the operators' token; 404 to everybody else. */
@Controller('metrics')
@UseGuards(OpsTokenGuard)
export class OpsMetricsController extends MetricsController {}
