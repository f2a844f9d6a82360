import type { EventDefinition, EventEnvelope } from '@mkt/contracts';
import { deadLetterTopic, EventHeaders, eventEnvelopeSchema } from '@mkt/contracts';
import { SpanKind } from '@opentelemetry/api';
import { withCausation } from './causation';
import type { MessagingLogger } from './logger';
import { silentLogger } from './logger';
import type { RawSqlClient, TransactionRunner } from './sql-client';
import { table } from './sql-client';
import { startSpan } from './tracing';
import type { MessageTransport, Subscription, TransportMessage } from './transport';

/** A reaction of one service to one event type. `name` is its inbox identity: never rename it lightly. */
export interface EventHandler<P, Tx extends RawSqlClient> {
  name: string;
  event: EventDefinition<P>;
  /** Runs inside the transaction that also records the event as processed by this handler. */
  handle(payload: P, tx: Tx, envelope: EventEnvelope<P>): Promise<void>;
}

export interface EventConsumerOptions<Tx extends RawSqlClient> {
  /** Consumer group: one per service. */
  groupId: string;
  schema: string;
  transaction: TransactionRunner<Tx>;
  /** Tries per message and handler before it goes to the dead-letter topic. */
  maxAttempts?: number;
  baseBackoffMs?: number;
  logger?: MessagingLogger;
  observer?: ConsumerObserver;
}

export type HandlingOutcome = 'applied' | 'duplicate' | 'dead-lettered';

/** Told what became of each delivery (metrics count duplicates skipped and messages dead-lettered). */
export interface ConsumerObserver {
  /** Once per handler and delivery, and once per message sent to the dead-letter topic ('envelope': unreadable). */
  handled(outcome: HandlingOutcome, topic: string, handler: string): void;
}

/**
 * Delivers events to a service's handlers exactly once in effect: each handler's effect and its inbox
 * row commit together, so a redelivered event is recognised and skipped, and a handler that fails
 * leaves nothing behind. After `maxAttempts` failures (or at once for a malformed message) the
 * message goes to `<topic>.dlq` with the error, and only then is its offset committed.
 */
export class EventConsumer<Tx extends RawSqlClient> {
  private readonly handlers = new Map<string, EventHandler<unknown, Tx>[]>();
  private readonly inbox: string;
  private readonly maxAttempts: number;
  private readonly baseBackoffMs: number;
  private readonly logger: MessagingLogger;
  private subscription?: Subscription;

  constructor(
    private readonly transport: MessageTransport,
    private readonly options: EventConsumerOptions<Tx>,
  ) {
    this.inbox = table(options.schema, 'inbox_event');
    this.maxAttempts = options.maxAttempts ?? 3;
    this.baseBackoffMs = options.baseBackoffMs ?? 200;
    this.logger = options.logger ?? silentLogger;
  }

  register<P>(handler: EventHandler<P, Tx>): this {
    const list = this.handlers.get(handler.event.topic) ?? [];
    if (list.some((h) => h.name === handler.name)) throw new Error(`duplicate handler name ${handler.name}`);
    list.push(handler as EventHandler<unknown, Tx>);
    this.handlers.set(handler.event.topic, list);
    return this;
  }

  /** The topics of the registered handlers. */
  get topics(): string[] {
    return [...this.handlers.keys()];
  }

  async start(): Promise<void> {
    if (this.handlers.size === 0 || this.subscription) return;
    this.subscription = await this.transport.subscribe({
      groupId: this.options.groupId,
      topics: this.topics,
      onMessage: (message) => this.deliver(message).then(() => undefined),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /** Handles one message with every handler of its topic; resolves once it is safe to commit. */
  async deliver(message: TransportMessage): Promise<HandlingOutcome[]> {
    const handlers = this.handlers.get(message.topic) ?? [];
    let envelope: EventEnvelope;
    try {
      envelope = parseEnvelope(message);
    } catch (error) {
      await this.deadLetter(message, error, 1, 'envelope');
      return handlers.map(() => 'dead-lettered');
    }
    const outcomes: HandlingOutcome[] = [];
    for (const handler of handlers) outcomes.push(await this.handleWithRetry(handler, envelope, message));
    return outcomes;
  }

  private async handleWithRetry<P>(
    handler: EventHandler<P, Tx>,
    envelope: EventEnvelope,
    message: TransportMessage,
  ): Promise<HandlingOutcome> {
    const parsed = handler.event.payloadSchema.safeParse(envelope.payload);
    if (!parsed.success) {
      await this.deadLetter(message, parsed.error, 1, handler.name);
      return 'dead-lettered';
    }
    const typed: EventEnvelope<P> = { ...envelope, payload: parsed.data };
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.options.transaction(async (tx) => {
          const fresh = await tx.$executeRawUnsafe(
            `INSERT INTO ${this.inbox} (handler, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
            handler.name,
            envelope.eventId,
          );
          if (fresh === 0) return 'duplicate' as const;
          // The handling is a span of the trace that enqueued the event; events the handler enqueues
          // carry the request's correlation id and trace on, caused by this one.
          const span = startSpan(`${handler.name} handle`, SpanKind.CONSUMER, message.headers, {
            'messaging.destination.name': message.topic,
            'messaging.message.id': envelope.eventId,
          });
          try {
            await withCausation(
              { correlationId: envelope.correlationId, causationId: envelope.eventId, trace: span.trace },
              () => handler.handle(parsed.data, tx, typed),
            );
          } catch (error) {
            span.end(true);
            throw error;
          }
          span.end();
          return 'applied' as const;
        });
        this.options.observer?.handled(outcome, message.topic, handler.name);
        return outcome;
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          await this.deadLetter(message, error, attempt, handler.name);
          return 'dead-lettered';
        }
        this.logger.warn('event handler failed; retrying', {
          handler: handler.name,
          eventId: envelope.eventId,
          attempt,
          error: errorText(error),
        });
        await sleep(this.baseBackoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private async deadLetter(
    message: TransportMessage,
    error: unknown,
    attempts: number,
    handler: string,
  ): Promise<void> {
    this.logger.error('event dead-lettered', {
      topic: message.topic,
      key: message.key,
      handler,
      error: errorText(error),
    });
    await this.transport.publish([
      {
        topic: deadLetterTopic(message.topic),
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          [EventHeaders.error]: `${handler}: ${errorText(error)}`.slice(0, 4000),
          [EventHeaders.originalTopic]: message.topic,
          [EventHeaders.attempts]: String(attempts),
        },
      },
    ]);
    this.options.observer?.handled('dead-lettered', message.topic, handler);
  }
}

function parseEnvelope(message: TransportMessage): EventEnvelope {
  return eventEnvelopeSchema.parse(JSON.parse(message.value)) as EventEnvelope;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
