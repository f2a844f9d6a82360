#!/usr/bin/env node
// Every `npm run bench:*` once with a setting small enough to take seconds (a few orders, a second
// of load): that each still starts, drives its load and passes its own checks, so a benchmark that
// no longer runs fails CI (`.ci/run` runs this after the tests). A bench:* script of package.json
// without a smoke setting here fails too. Prints each result, then `bench smoke: N passed, M failed`;
// exits 1 unless all passed. Needs PostgreSQL, Redis and Kafka as the distributed tests do.
//   node scripts/bench/smoke.mjs [bench:checkout bench:deal ...]
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/** Each benchmark's smoke setting, and how long it may take (a hung one counts as failed). */
const SMOKE = {
  'bench:web': { args: [], minutes: 1 },
  'bench:retention': { args: ['--rows', '2000', '--batch', '500'], minutes: 2 },
  'bench:auth': { args: ['--clients', '2', '--seconds', '1'], minutes: 3 },
  'bench:cart': { args: ['--seconds', '1', '--connections', '2', '--members', '3'], minutes: 4 },
  'bench:catalog': { args: ['--products', '50', '--seconds', '1', '--connections', '2'], minutes: 8 },
  'bench:lighthouse': { args: ['--preset', 'mobile', '--runs', '1'], minutes: 4 },
  'bench:checkout': {
    args: [
      ...['--orders', '12', '--concurrency', '3', '--members', '4', '--fault-every', '6'],
      ...['--wave-every', '8', '--roundtrips', '20', '--refund-batches', '1', '--settle-seconds', '120'],
    ],
    minutes: 8,
  },
  'bench:deal': {
    args: ['--shoppers', '20', '--units', '5', '--options', '2', '--roundtrips', '20', '--replicas', '2'],
    minutes: 8,
  },
};

const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts).filter(
  (name) => name.startsWith('bench:'),
);
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : scripts;
const logDir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));

/** Runs one benchmark with its smoke setting; answers [passed, seconds, log file]. */
function smokeRun(name) {
  const log = join(logDir, `${name.replace(':', '-')}.log`);
  const { args, minutes } = SMOKE[name];
  const started = Date.now();
  const out = openSync(log, 'w');
  const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
    cwd: root,
    stdio: ['ignore', out, out],
    // Its own process group: a run past its time is stopped with everything it started.
    detached: true,
  });
  closeSync(out);
  return new Promise((done) => {
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGTERM'), minutes * 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done([code === 0, (Date.now() - started) / 1000, log]);
    });
  });
}

let passed = 0;
let failed = 0;
for (const name of chosen) {
  if (!SMOKE[name]) {
    console.log(`FAIL ${name}: no smoke setting in scripts/bench/smoke.mjs`);
    failed += 1;
    continue;
  }
  const [ok, seconds, log] = await smokeRun(name);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name} ${SMOKE[name].args.join(' ')} (${seconds.toFixed(0)} s)`);
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(readFileSync(log, 'utf8').split('\n').slice(-40).join('\n'));
  }
}
console.log(`bench smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
