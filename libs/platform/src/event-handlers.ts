import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { applyDecorators, Catch, UseFilters } from '@nestjs/common';
import type { CustomTransportStrategy, MessageHandler } from '@nestjs/microservices';
import { Ctx, EventPattern, Payload, Server } from '@nestjs/microservices';
import type { EventDefinition } from '@mkt/contracts';
import type { EventConsumer, RawSqlClient } from '@mkt/messaging';
import type { ServiceNode } from '@mkt/topology';
import type { Observable } from 'rxjs';
import { isObservable, lastValueFrom, throwError } from 'rxjs';

/** What a handler gets beside the payload: the transaction its effect and its inbox row commit in. */
export interface HandlingContext<Tx extends RawSqlClient> {
  tx: Tx;
}

type HandlerMethod<P> = (payload: P, context: HandlingContext<never>) => Promise<void>;

interface InboxExtras {
  /** The handler's inbox identity: renaming it makes already handled events new to it. */
  inbox: string;
  event: EventDefinition<unknown>;
}

/** Hands a handler's error back unchanged, so the consumer can retry it and name it in the dead letter. */
@Catch()
class RethrowEventErrors implements ExceptionFilter {
  catch(error: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => error);
  }
}

/**
 * Marks a controller method as a service's reaction to one event: an `@EventPattern` on the event's
 * topic, carrying the inbox name; its parameters are the payload and the HandlingContext. The method's
 * payload type must be the event's.
 */
export function ConsumesEvent<P>(
  event: EventDefinition<P>,
  inbox: string,
): (target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<HandlerMethod<P>>) => void {
  const extras: InboxExtras = { inbox, event: event as EventDefinition<unknown> };
  return (target, key, descriptor) => {
    applyDecorators(EventPattern(event.topic, extras), UseFilters(RethrowEventErrors))(
      target,
      key,
      descriptor,
    );
    // Nest hands a message handler only the arguments its parameters are decorated for.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
  };
}

/**
 * Nest's transport for our bus: it hands every `@ConsumesEvent` handler to the service's EventConsumer,
 * which keeps doing what makes delivery safe (inbox in the handler's transaction, retries, dead-letter
 * topics, commit after handling) over Kafka and the in-process bus alike. A service whose handlers
 * consume other topics than its topology node declares does not start.
 */
export class InboxTransport extends Server implements CustomTransportStrategy {
  constructor(
    private readonly consumer: EventConsumer<RawSqlClient>,
    private readonly node: ServiceNode,
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const first of this.getHandlers().values()) {
        for (let handler: MessageHandler | undefined = first; handler; handler = handler.next) {
          this.consumer.register(inboxHandler(handler));
        }
      }
      checkConsumedTopics(this.node, this.consumer.topics);
      await this.consumer.start();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await this.consumer.stop();
  }

  on(): never {
    throw new Error('the event bus transport has no events of its own');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }
}

function inboxHandler(handler: MessageHandler) {
  const { inbox, event } = handler.extras as InboxExtras;
  return {
    name: inbox,
    event,
    async handle(payload: unknown, tx: RawSqlClient): Promise<void> {
      const result: unknown = await handler(payload, { tx } satisfies HandlingContext<RawSqlClient>);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    },
  };
}

function checkConsumedTopics(node: ServiceNode, handled: string[]): void {
  const declared = node.consumes.map((event) => event.topic).sort();
  const sorted = [...handled].sort();
  if (declared.join() !== sorted.join())
    throw new Error(
      `${node.name} handles [${sorted.join(', ')}] but libs/topology declares it consumes [${declared.join(', ')}]`,
    );
}
