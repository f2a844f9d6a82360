import { KafkaRequestQueue } from './kafkajs-request-queue';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe("kafkajs' request queue, as the transport runs it", () => {
  const queues: InstanceType<typeof KafkaRequestQueue>[] = [];
  afterEach(() => queues.splice(0).forEach((created) => created.destroy()));
  const queue = () => {
    const created = new KafkaRequestQueue({
      maxInFlightRequests: null,
      requestTimeout: 30_000,
      enforceRequestTimeout: false,
      clientId: 'test',
      broker: '127.0.0.1:9092',
      logger: quiet,
    });
    queues.push(created);
    return created;
  };

  it('sets no timer on an idle connection (kafkajs 2.2.4 spins on a 1 ms one for ever)', () => {
    const idle = queue();
    idle.checkPendingRequests();
    idle.scheduleCheckPendingRequests();
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('looks again at held-back requests, and once a throttle ends', async () => {
    const holding = queue();
    holding.pending.push({});
    holding.throttledUntil = Date.now() + 60_000;
    holding.scheduleCheckPendingRequests();
    expect(holding.throttleCheckTimeoutId).not.toBeNull();

    const throttled = queue();
    throttled.throttledUntil = Date.now() + 20;
    const looked = new Promise<void>((done) => (throttled.checkPendingRequests = done));
    throttled.scheduleCheckPendingRequests();
    await looked;
    expect(throttled.throttleCheckTimeoutId).toBeNull();
  });
});
