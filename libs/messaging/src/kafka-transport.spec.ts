import { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { KafkaTransport } from './kafka-transport';

describe("the Kafka transport's reading of a failed publish", () => {
  const transport = new KafkaTransport({ brokers: ['127.0.0.1:1'], clientId: 'outage-check' });

  it('calls an unreachable broker an outage, also once kafkajs gave up retrying it', () => {
    const unreachable = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED');
    expect(transport.isOutage(unreachable)).toBe(true);
    expect(
      transport.isOutage(
        new KafkaJSNumberOfRetriesExceeded(unreachable, { retryCount: 20, retryTime: 1_000 }),
      ),
    ).toBe(true);
  });

  it('does not call a refusal of the messages themselves an outage', () => {
    // As kafkajs builds it from the broker's error code 10 (its typings leave the argument out).
    const tooLarge = new KafkaJSProtocolError({
      type: 'MESSAGE_TOO_LARGE',
      code: 10,
      retriable: false,
      message: 'The request included a message larger than the max message size the server will accept',
    } as unknown as Error);
    expect(transport.isOutage(tooLarge)).toBe(false);
    expect(transport.isOutage(new Error('not from kafkajs'))).toBe(false);
  });
});
