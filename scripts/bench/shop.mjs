// What the checkout benchmarks share: calling the store as the web app does (retrying what a process
// restart broke), percentiles, the raw kafkajs round trip, and the CPU time a process used.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export const percentile = (samples, p) => {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const ms = (value) => (Number.isNaN(value) ? '-' : `${value.toFixed(1)} ms`);

/** A refusal of the store (a 4xx): the call was understood and answered, so it is not retried. */
export class HttpError extends Error {
  constructor(status, body, what) {
    super(`${what} answered ${status}: ${body.slice(0, 300)}`);
    Object.assign(this, { status, body });
  }
}

/**
 * A caller of the BFF at `baseUrl`; `stats` counts its retries ({ retries, retriesByCall }) and
 * keeps the last failure retried (lastFailure). Each
 * call answers the JSON, or the text when the answer is text. A call that fails because a process
 * is down (no answer, a 5xx) is tried again, the same call with the same body and headers, for up
 * to `deadlineMs`; a 4xx throws an HttpError.
 */
export function storeCaller(baseUrl, stats) {
  return async function api(
    method,
    path,
    { token, json, form, headers = {}, retry = true, deadlineMs = 240_000 } = {},
  ) {
    const what = `${method} ${path.replace(/\d+/g, ':n').replace(/imp_\w+/, ':imp')}`;
    const deadline = Date.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      let failure;
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(json ? { 'content-type': 'application/json' } : {}),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...headers,
          },
          body: json ? JSON.stringify(json) : form ? new URLSearchParams(form) : undefined,
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        if (response.ok) {
          const json = response.headers.get('content-type')?.includes('json');
          return text === '' ? null : json ? JSON.parse(text) : text;
        }
        if (response.status < 500) throw new HttpError(response.status, text, what);
        failure = `${response.status} ${text.slice(0, 200)}`;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        failure ??= error.cause?.code ?? error.message;
      }
      if (!retry || Date.now() > deadline)
        throw new Error(`${what}: failed ${attempt} times; last: ${failure}`);
      stats.retries += 1;
      stats.retriesByCall[what] = (stats.retriesByCall[what] ?? 0) + 1;
      stats.lastFailure = `${what}: ${failure}`;
      await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)));
    }
  };
}

/**
 * The raw kafkajs round trip on `kafka` (a kafkajs client): `count` messages one at a time, from
 * send() to the consumer's eachMessage, on a topic of its own. Answers the samples in ms.
 */
export async function kafkaRoundTrip(kafka, count) {
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const topic = `bench.roundtrip.${id}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
  // As the services' transport: an idempotent producer waiting for all in-sync replicas.
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  const consumer = kafka.consumer({ groupId: `bench-roundtrip-${id}` });
  await Promise.all([producer.connect(), consumer.connect()]);
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const joined = new Promise((done) => consumer.on(consumer.events.GROUP_JOIN, done));
  let arrived;
  await consumer.run({ eachMessage: async ({ message }) => arrived?.(message.value.toString()) });
  await joined;
  const samples = [];
  try {
    for (let i = 0; i < count; i++) {
      const consumed = new Promise((done) => (arrived = (value) => value === String(i) && done()));
      const start = performance.now();
      await producer.send({ topic, acks: -1, messages: [{ key: String(i), value: String(i) }] });
      await consumed;
      samples.push(performance.now() - start);
    }
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.deleteGroups([`bench-roundtrip-${id}`]).catch(() => undefined);
    await admin.disconnect();
  }
  return samples;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (user + system) process `pid` has used so far, in ms; 0 once it is gone. */
export function processCpuMs(pid) {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name and the state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
