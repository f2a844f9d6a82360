import type { Admin, Consumer, IHeaders, Kafka as KafkaClient, LogEntry, Producer } from 'kafkajs';
import { Kafka, logLevel } from 'kafkajs';
import { deadLetterTopic } from '@mkt/contracts';
// Before any client connects: kafkajs' idle connections stop spinning, and a consumer run again
// joins its group as the member it was.
import './kafkajs-request-queue';
import './kafkajs-rejoin';
import type { MessagingLogger } from './logger';
import { silentLogger } from './logger';
import type {
  ConsumerLag,
  MessageTransport,
  SubscribeOptions,
  Subscription,
  TransportMessage,
} from './transport';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** Prepended to every topic name; tests use it to get topics of their own. */
  topicPrefix?: string;
  partitions?: number;
  replicationFactor?: number;
  logger?: MessagingLogger;
}

/** How long a consumer's fetch waits for a message when none is there (kafkajs' default: 5 s). */
const FETCH_WAIT_MS = 100;

/**
 * How the producer and the admin client retry a request no broker answered: soon and often, never
 * more than a second apart, so that a broker back from a restart is used within about a second
 * (kafkajs' default doubles the wait over five tries, about 9 s, the last wait near 5 s). Twenty
 * tries span about 17 s: a send still failing then goes back to the outbox relay (which keeps its
 * claim on the events meanwhile), to be tried again after its backoff.
 */
const RETRY = { initialRetryTime: 100, maxRetryTime: 1_000, retries: 20 };

/**
 * Consumers' connections retry as long as an outage of the only broker lasts (a restart, up to
 * about five minutes), rather than crash: a kafkajs consumer that runs out of tries crashes and is
 * run again from its last committed offsets (as the member it was: kafkajs-rejoin.ts).
 */
const CONSUMER_RETRY = { ...RETRY, retries: 300 };

/**
 * A member that died without leaving holds its partitions (and a restarted service's join) this
 * long: 6 s, the least a broker accepts by default (group.min.session.timeout.ms), rather than
 * kafkajs' 30 s.
 */
export const CONSUMER_SESSION_TIMEOUT_MS = 6_000;

/** How long a handled message's offset may stay uncommitted before the consumer commits it itself. */
const COMMIT_CATCH_UP_MS = 1_000;

/**
 * kafkajs commits a consumer's offsets only after a batch. One that failed (a restarted broker
 * answers "The coordinator is loading" for a while) stays behind while no message comes: the events
 * were handled, but the group's lag never reaches 0 and a restart would deliver them again (the
 * inbox skips them). This notes what the consumer handled and, at its next look for messages (a
 * fetch, every 100 ms while idle), commits what no commit covered within COMMIT_CATCH_UP_MS.
 */
class CommitCatchUp {
  private readonly uncommitted = new Map<
    string,
    { topic: string; partition: number; offset: bigint; at: number }
  >();
  private committing = false;

  constructor(private readonly consumer: Consumer) {
    consumer.on(consumer.events.COMMIT_OFFSETS, ({ payload }) => {
      for (const { topic, partitions } of payload.topics)
        for (const { partition, offset } of partitions) {
          const key = `${topic}/${partition}`;
          const pending = this.uncommitted.get(key);
          if (pending && pending.offset <= BigInt(offset)) this.uncommitted.delete(key);
        }
    });
    // Partitions may have moved to another member: what it handled there is its to commit now.
    consumer.on(consumer.events.GROUP_JOIN, () => this.uncommitted.clear());
    consumer.on(consumer.events.FETCH, () => void this.catchUp());
  }

  handled(topic: string, partition: number, offset: string): void {
    this.uncommitted.set(`${topic}/${partition}`, {
      topic,
      partition,
      offset: BigInt(offset) + 1n,
      at: Date.now(),
    });
  }

  private async catchUp(): Promise<void> {
    if (this.committing || this.uncommitted.size === 0) return;
    const overdue = [...this.uncommitted.values()].filter(
      (entry) => Date.now() - entry.at >= COMMIT_CATCH_UP_MS,
    );
    if (overdue.length === 0) return;
    this.committing = true;
    try {
      await this.consumer.commitOffsets(
        overdue.map(({ topic, partition, offset }) => ({ topic, partition, offset: String(offset) })),
      );
    } catch {
      // Still failing: the next look tries again.
    } finally {
      this.committing = false;
    }
  }
}

/**
 * The bus on Apache Kafka. The producer is idempotent and waits for all in-sync replicas; topics
 * (and their dead-letter topics) are created on first use; consumers commit an offset only after
 * the handler resolved.
 */
export class KafkaTransport implements MessageTransport {
  private readonly kafka: KafkaClient;
  private readonly consumerKafka: KafkaClient;
  private readonly prefix: string;
  private readonly logger: MessagingLogger;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<Consumer>();
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;

  constructor(private readonly options: KafkaTransportOptions) {
    this.prefix = options.topicPrefix ?? '';
    this.logger = options.logger ?? silentLogger;
    const logger = this.logger;
    const client = (retry: typeof RETRY) =>
      new Kafka({
        clientId: options.clientId,
        brokers: options.brokers,
        logLevel: logLevel.WARN,
        retry,
        logCreator: () => (entry: LogEntry) => {
          const { message, ...fields } = entry.log;
          const write = entry.level <= logLevel.ERROR ? logger.error : logger.warn;
          write.call(logger, `kafka: ${message}`, { kafka: { namespace: entry.namespace, ...fields } });
        },
      });
    this.kafka = client(RETRY);
    this.consumerKafka = client(CONSUMER_RETRY);
  }

  async publish(messages: TransportMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics(messages.map((m) => m.topic));
    const byTopic = new Map<string, TransportMessage[]>();
    for (const message of messages)
      byTopic.set(message.topic, [...(byTopic.get(message.topic) ?? []), message]);
    const topicMessages = [...byTopic].map(([topic, list]) => ({
      topic: this.prefix + topic,
      messages: list.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
    }));
    const producing = this.connectedProducer();
    try {
      const producer = await producing;
      await producer.sendBatch({ acks: -1, topicMessages });
    } catch (error) {
      // kafkajs' idempotent producer takes its sequence numbers back when a send fails, even one the
      // broker wrote (its answer lost in a broker restart); the outbox's next batch then starts at a
      // sequence the broker refuses (OutOfOrderSequenceNumber), for ever. The next publish gets a
      // new producer (a new producer id, sequences from 0); a message written twice is skipped by
      // the consumers' inbox. A producer that could not connect is not kept either.
      if (this.producer === producing) this.producer = undefined;
      void producing.then((producer) => producer.disconnect()).catch(() => undefined);
      throw error;
    }
  }

  /** kafkajs marks what a later try may cure (connections, leaders moving) retriable; its give-up error wraps the last one. */
  isOutage(error: unknown): boolean {
    for (let cause = error; cause instanceof Error; cause = (cause as { cause?: unknown }).cause)
      if ((cause as { retriable?: boolean }).retriable === true) return true;
    return false;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.ensureTopics([...options.topics, ...options.topics.map(deadLetterTopic)]);
    const consumer = this.consumerKafka.consumer({
      groupId: this.prefix + options.groupId,
      allowAutoTopicCreation: false,
      // A fetch is answered as soon as one message is there. The wait for one is short: kafkajs
      // leaves partitions whose last batch is still being handled out of the next fetch, and their
      // new messages wait for that fetch's answer (with kafkajs' 5 s, seconds per hop under load).
      minBytes: 1,
      maxWaitTimeInMs: options.liveTail?.pollIntervalMs ?? FETCH_WAIT_MS,
      // A heartbeat every second tells the others of a rebalance soon.
      sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
      heartbeatInterval: 1_000,
      retry: {
        ...CONSUMER_RETRY,
        // kafkajs decides to restart a crashed consumer after the crash's own disconnect: one closed
        // meanwhile would be started again, and retry for ever.
        restartOnFailure: async () => this.consumers.has(consumer),
      },
    });
    this.consumers.add(consumer);
    await consumer.connect();
    const { liveTail } = options;
    await consumer.subscribe({
      topics: options.topics.map((t) => this.prefix + t),
      fromBeginning: !liveTail,
    });
    let memberId: string | undefined;
    const joined = new Promise<void>((resolve) =>
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        // A consumer run again joins as the member it was (kafkajs-rejoin.ts), unless it had left
        // its group first or the broker had forgotten that member.
        if (memberId !== undefined && payload.memberId !== memberId)
          this.logger.warn('kafka: a consumer joined its group again as a new member', {
            groupId: payload.groupId,
          });
        memberId = payload.memberId;
        resolve();
      }),
    );
    const commits = liveTail ? undefined : new CommitCatchUp(consumer);
    if (liveTail) consumer.on(consumer.events.FETCH, () => liveTail.onPoll());
    const run = () =>
      consumer.run({
        // A group that never commits is removed by the broker once its member leaves.
        autoCommit: !liveTail,
        partitionsConsumedConcurrently: 3,
        eachMessage: async ({ topic, partition, message }) => {
          await options.onMessage({
            topic: topic.slice(this.prefix.length),
            key: message.key?.toString() ?? '',
            value: message.value?.toString() ?? '',
            headers: decodeHeaders(message.headers),
          });
          commits?.handled(topic, partition, message.offset);
        },
      });
    // kafkajs restarts a crashed consumer only after an error it deems retriable. Others end it for
    // good, among them "Failed to find group coordinator", met when a restarted broker answers before
    // it has loaded the group: the consumer has disconnected by then and is run again as kafkajs
    // itself restarts one (a new group member, from the last committed offsets).
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || !this.consumers.has(consumer)) return;
      this.logger.error('kafka: a consumer kafkajs gave up on is started again', {
        groupId: payload.groupId,
        error: String(payload.error),
      });
      // run() hands its own failures to the crash handler: this one again.
      setTimeout(() => {
        if (this.consumers.has(consumer)) void run();
      }, RETRY.initialRetryTime);
    });
    await run();
    await joined;
    return {
      close: async () => {
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  /** Messages of `topic` that `groupId` has not committed yet (for operators and tests). */
  async lag(groupId: string, topic: string): Promise<number> {
    return (await this.consumerLag(groupId, [topic])).reduce((sum, partition) => sum + partition.lag, 0);
  }

  /** Per partition: its high watermark less the group's committed offset (its low watermark before any commit). */
  async consumerLag(groupId: string, topics: string[]): Promise<ConsumerLag[]> {
    const admin = await this.connectedAdmin();
    const [committed, ends] = await Promise.all([
      admin.fetchOffsets({ groupId: this.prefix + groupId, topics: topics.map((t) => this.prefix + t) }),
      Promise.all(topics.map((t) => admin.fetchTopicOffsets(this.prefix + t))),
    ]);
    return topics.flatMap((topic, index) => {
      const done = new Map(
        (committed.find((c) => c.topic === this.prefix + topic)?.partitions ?? [])
          .filter((p) => Number(p.offset) >= 0)
          .map((p) => [p.partition, Number(p.offset)]),
      );
      return ends[index].map(({ partition, high, low }) => ({
        topic,
        partition,
        lag: Number(high) - (done.get(partition) ?? Number(low)),
      }));
    });
  }

  /**
   * Every message on the dead-letter topics of `topics` (for operators): read from the start to the
   * current end by a consumer group of its own, which is deleted afterwards.
   */
  async deadLetters(topics: string[]): Promise<TransportMessage[]> {
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const deadLetterTopics = topics
      .map((t) => this.prefix + deadLetterTopic(t))
      .filter((t) => existing.has(t));
    const remaining = new Map<string, number>();
    for (const topic of deadLetterTopics)
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic))
        if (Number(high) > Number(low)) remaining.set(`${topic}:${partition}`, Number(high));
    if (remaining.size === 0) return [];
    const groupId = `${this.prefix}ops-dead-letters-${Date.now().toString(36)}`;
    const consumer = this.kafka.consumer({ groupId, allowAutoTopicCreation: false });
    const found: TransportMessage[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: deadLetterTopics, fromBeginning: true });
      await new Promise<void>((done, fail) => {
        consumer
          .run({
            eachMessage: async ({ topic, partition, message }) => {
              found.push({
                topic: topic.slice(this.prefix.length),
                key: message.key?.toString() ?? '',
                value: message.value?.toString() ?? '',
                headers: decodeHeaders(message.headers),
              });
              const key = `${topic}:${partition}`;
              if (Number(message.offset) + 1 >= (remaining.get(key) ?? 0)) remaining.delete(key);
              if (remaining.size === 0) done();
            },
          })
          .catch(fail);
      });
    } finally {
      await consumer.disconnect();
      await admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return found;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    await (await this.producer)?.disconnect();
    await (await this.admin)?.disconnect();
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      return producer;
    })();
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    return this.admin;
  }

  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin = await this.connectedAdmin();
    // Services starting together race to create the same topics: a losing creation is retried
    // until the topics exist with leaders.
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = new Set(await admin.listTopics());
        const toCreate = missing.filter((t) => !existing.has(this.prefix + t));
        if (toCreate.length > 0) {
          await admin.createTopics({
            waitForLeaders: true,
            topics: toCreate.map((t) => ({
              topic: this.prefix + t,
              numPartitions: this.options.partitions ?? 3,
              replicationFactor: this.options.replicationFactor ?? 1,
            })),
          });
        }
        const metadata = await admin.fetchTopicMetadata({ topics: missing.map((t) => this.prefix + t) });
        if (metadata.topics.every((topic) => topic.partitions.every((partition) => partition.leader >= 0)))
          break;
        throw new Error('topics without leaders yet');
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
      }
    }
    for (const t of missing) this.knownTopics.add(t);
  }
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined)
      out[name] = Array.isArray(value) ? value.map(String).join(',') : value.toString();
  }
  return out;
}
