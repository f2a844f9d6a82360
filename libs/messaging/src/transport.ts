/** A message as the transports carry it: the serialized envelope plus string headers. */
export interface TransportMessage {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /**
   * Called once per message, in order per key. The offset is committed only after it resolves; a
   * rejection means "deliver again later".
   */
  onMessage(message: TransportMessage): Promise<void>;
  /**
   * Makes the group one process's own tail of the topics (a read cache's invalidations): it starts
   * at their end, commits no offset (nothing stays behind for it once it closes), and reports every
   * look for messages, found or not.
   */
  liveTail?: LiveTail;
}

export interface LiveTail {
  /** Longest wait between two looks when nothing comes. */
  pollIntervalMs: number;
  /** Called after every look that reached the bus: a tail that stops hearing this may be missing messages. */
  onPoll(): void;
}

/** Messages of one partition that a consumer group has not committed yet. */
export interface ConsumerLag {
  topic: string;
  partition: number;
  lag: number;
}

/** The bus interface: Kafka in distributed mode, the durable in-process bus in standalone mode. */
export interface MessageTransport {
  publish(messages: TransportMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
  /**
   * Whether a failed publish failed for want of a broker (unreachable, restarting), not over the
   * messages themselves: the outbox then retries for as long as the outage lasts, never parking them.
   */
  isOutage?(error: unknown): boolean;
  /** What `groupId` has yet to consume of `topics`, per partition (for metrics); test doubles may leave it out. */
  consumerLag?(groupId: string, topics: string[]): Promise<ConsumerLag[]>;
}
