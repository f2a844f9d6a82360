import { createRequire } from 'node:module';
import { eventually, testInfrastructure, uniqueTopicPrefix } from '@mkt/testing';
import { KafkaTransport } from './kafka-transport';

jest.setTimeout(60_000);

const kafkajs = createRequire(__filename);
/** kafkajs' own commit of a group's offsets, and the error a restarted broker answers it with. */
const { prototype: offsetManager } = kafkajs('kafkajs/src/consumer/offsetManager') as {
  prototype: { commitOffsets(...args: unknown[]): Promise<void> };
};
const { createErrorFromCode } = kafkajs('kafkajs/src/protocol/error') as {
  createErrorFromCode(code: number): Error;
};
const COORDINATOR_LOADING = 14;

describe("the Kafka transport's offset commits", () => {
  let transport: KafkaTransport;

  beforeAll(async () => {
    transport = new KafkaTransport({
      brokers: (await testInfrastructure()).kafkaBrokers,
      clientId: 'commits-test',
      topicPrefix: uniqueTopicPrefix('commits'),
    });
  });
  afterAll(() => transport?.close());
  afterEach(() => jest.restoreAllMocks());

  it('commits what it handled once the broker takes commits again, though no message follows', async () => {
    const handled: string[] = [];
    const subscription = await transport.subscribe({
      groupId: 'commits',
      topics: ['test.commits'],
      onMessage: async (message) => void handled.push(message.value),
    });
    try {
      // As after a broker restart: the commit that follows the batch is refused, once.
      const commit = jest
        .spyOn(offsetManager, 'commitOffsets')
        .mockRejectedValueOnce(createErrorFromCode(COORDINATOR_LOADING));
      await transport.publish([{ topic: 'test.commits', key: 'k', value: 'only', headers: {} }]);
      await eventually(async () => expect(handled).toEqual(['only']));
      await eventually(async () => expect(commit).toHaveBeenCalled());
      await eventually(async () => expect(await transport.lag('commits', 'test.commits')).toBe(0), 10_000);
      expect(handled).toEqual(['only']);
    } finally {
      await subscription.close();
    }
  });
});
