import { randomUUID } from 'node:crypto';
import type { PayloadOf } from '@mkt/contracts';
import { OrderCompletedV1 } from '@mkt/contracts';
import { EventConsumer, eventMessage } from '@mkt/messaging';
import { OPS_TOKEN_HEADER } from '@mkt/observability';
import { eventually } from '@mkt/testing';
import type { AccountsStack } from '../testing/accounts-stack';
import { callApi, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(120_000);

const TOKEN = 'metrics-token-for-the-test-0123456789';

function scrape(baseUrl: string, token?: string): Promise<Response> {
  return fetch(`${baseUrl}/metrics`, { headers: token ? { [OPS_TOKEN_HEADER]: token } : {} });
}

/** The sum of a metric's samples whose labels include `labels` (Prometheus' text format). */
function sampleSum(exposition: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of exposition.split('\n')) {
    const sample = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const given = Object.fromEntries(
      [...sample[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) sum += Number(sample[3]);
  }
  return sum;
}

const completedOrder = (ono: number): PayloadOf<typeof OrderCompletedV1> => ({
  ono,
  mno: 1,
  totalPrice: 1_000,
  lines: [{ orno: ono, odno: 1, pno: 1, sellerId: 2, count: 1, price: 1_000 }],
  cartItemIds: [],
});

describe('metrics', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    stack = await startAccountsStack('metrics', { opsToken: TOKEN });
  });
  afterAll(() => stack?.close());

  it("the BFF's: request durations by route pattern and status class, for operators only", async () => {
    for (const email of ['first@example.kr', 'second@example.kr'])
      expect((await callApi(stack.url, 'GET', `/api/member/info/${email}`)).status).toBe(401);

    const answer = await scrape(stack.url, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const exposition = await answer.text();
    expect(
      sampleSum(exposition, 'mkt_http_request_duration_seconds_count', {
        service: 'bff',
        method: 'GET',
        route: '/api/member/info/:email',
        status_class: '4xx',
      }),
    ).toBe(2);
    expect(exposition).not.toContain('first@example.kr');

    for (const token of [undefined, `${TOKEN.slice(0, -1)}x`, 'short'])
      expect((await scrape(stack.url, token)).status).toBe(404);
    const withoutToken = await stack.startBff({});
    expect((await scrape(withoutToken.url, TOKEN)).status).toBe(404);
  });

  it("a service's: requests, duplicates skipped, dead letters, outbox backlog and consumer lag", async () => {
    const member = stack.service('member');
    const memberUrl = await member.getUrl();
    const transport = stack.transport('member');
    const read = async () => (await scrape(memberUrl)).text();
    const topic = OrderCompletedV1.topic;

    expect((await fetch(`${memberUrl}/health/ready`)).status).toBe(200);
    const { envelope, headers } = eventMessage('order', OrderCompletedV1, completedOrder(1), {
      aggregateId: 1,
    });
    const delivery = { topic, key: '1', value: JSON.stringify(envelope), headers };
    await transport.publish([delivery]);
    await transport.publish([delivery]);
    await transport.publish([{ topic, key: '1', value: '{not json', headers: {} }]);
    // Waiting, as Prometheus would not: an event not yet published by the relay.
    await stack.members.$executeRawUnsafe(
      `INSERT INTO outbox_event (event_id, topic, message_key, event_type, envelope, headers, created_at, next_attempt_at)
       VALUES ($1::uuid, 'test.waiting', 'waiting', 'test.waiting', '{}', '{}', now() - interval '90 seconds', now() + interval '1 hour')`,
      randomUUID(),
    );

    await eventually(async () => {
      const exposition = await read();
      expect(
        sampleSum(exposition, 'mkt_inbox_duplicates_skipped_total', {
          service: 'member',
          topic,
          handler: 'member.total-pay-on-order-completed',
        }),
      ).toBe(1);
      expect(
        sampleSum(exposition, 'mkt_events_dead_lettered_total', {
          service: 'member',
          topic,
          handler: 'envelope',
        }),
      ).toBe(1);
      expect(sampleSum(exposition, 'mkt_consumer_lag_messages', { service: 'member', topic })).toBe(0);
    });
    const exposition = await read();
    expect(
      sampleSum(exposition, 'mkt_http_request_duration_seconds_count', {
        service: 'member',
        method: 'GET',
        route: '/health/ready',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(sampleSum(exposition, 'mkt_outbox_pending_events', { service: 'member' })).toBe(1);
    expect(
      sampleSum(exposition, 'mkt_outbox_oldest_pending_age_seconds', { service: 'member' }),
    ).toBeGreaterThanOrEqual(90);

    // Events the service does not take while its consumer is stopped are its lag.
    await member.get(EventConsumer).stop();
    const next = eventMessage('order', OrderCompletedV1, completedOrder(2), { aggregateId: 2 });
    await transport.publish([
      { topic, key: '2', value: JSON.stringify(next.envelope), headers: next.headers },
    ]);
    await eventually(async () =>
      expect(sampleSum(await read(), 'mkt_consumer_lag_messages', { service: 'member', topic })).toBe(1),
    );
  });
});
