import { z } from 'zod';

/** Every event travels in this envelope; type, version and trace ids are repeated in Kafka headers. */
export const eventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  eventType: z.string().min(1),
  eventVersion: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  aggregateId: z.string().min(1),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** An event type at one version: its name, its topic and the schema its payload must satisfy. */
export interface EventDefinition<P> {
  readonly type: string;
  readonly version: number;
  readonly topic: string;
  readonly payloadSchema: z.ZodType<P>;
}

export type PayloadOf<E> = E extends EventDefinition<infer P> ? P : never;

/** One topic per event type and version: `mkt.<type>.v<version>`. A breaking change is a new version. */
export function topicFor(type: string, version: number): string {
  return `mkt.${type}.v${version}`;
}

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

export function defineEvent<P>(
  type: string,
  version: number,
  payloadSchema: z.ZodType<P>,
): EventDefinition<P> {
  return { type, version, topic: topicFor(type, version), payloadSchema };
}

/** Header names the transport sets on every message. */
export const EventHeaders = {
  type: 'mkt-event-type',
  version: 'mkt-event-version',
  eventId: 'mkt-event-id',
  correlationId: 'mkt-correlation-id',
  causationId: 'mkt-causation-id',
  error: 'mkt-dlq-error',
  originalTopic: 'mkt-dlq-original-topic',
  attempts: 'mkt-dlq-attempts',
} as const;
