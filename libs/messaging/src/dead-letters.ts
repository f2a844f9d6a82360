import { EventHeaders } from '@mkt/contracts';
import type { MessageTransport, TransportMessage } from './transport';

/** A message a consumer gave up on, as the dead-letter topic keeps it. */
export interface DeadLetter {
  eventId: string;
  eventType: string;
  originalTopic: string;
  key: string;
  /** The handler that failed and why. */
  error: string;
  attempts: number;
  message: TransportMessage;
}

const DEAD_LETTER_HEADERS: string[] = [EventHeaders.error, EventHeaders.originalTopic, EventHeaders.attempts];

export function describeDeadLetter(message: TransportMessage): DeadLetter {
  const header = (name: string) => message.headers[name] ?? '';
  return {
    eventId: header(EventHeaders.eventId),
    eventType: header(EventHeaders.type),
    originalTopic: header(EventHeaders.originalTopic),
    key: message.key,
    error: header(EventHeaders.error),
    attempts: Number(header(EventHeaders.attempts) || 0),
    message,
  };
}

/**
 * Puts dead-lettered messages back on their original topics, as they first came (without the
 * dead-letter headers). Every consumer of a topic gets them again: those that applied them skip
 * them (their inbox), the one that failed applies them, now that its fault is fixed.
 */
export async function replayDeadLetters(transport: MessageTransport, letters: DeadLetter[]): Promise<number> {
  const replayable = letters.filter((letter) => letter.originalTopic !== '');
  await transport.publish(
    replayable.map(({ originalTopic, message }) => ({
      topic: originalTopic,
      key: message.key,
      value: message.value,
      headers: Object.fromEntries(
        Object.entries(message.headers).filter(([name]) => !DEAD_LETTER_HEADERS.includes(name)),
      ),
    })),
  );
  return replayable.length;
}
