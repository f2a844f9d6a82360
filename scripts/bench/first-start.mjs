#!/usr/bin/env node
// How long `npm start` takes until a newcomer's first page: starts it on a fresh temporary DATA_DIR,
// polls until GET / serves the web app and GET /api/product/list answers products, stops it, then
// starts it again on the same data (a later start). Prints wall-clock times, the start's own phase
// timings (its "marketplace ready" log line) and the load average, which matters on a shared machine.
//   node scripts/bench/first-start.mjs [--runs N] [--web-build]
// --web-build deletes apps/web/dist first, so the first start also builds the web app (as a clone
// that skipped `npm install`'s build would).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 0) || 1;
const withWebBuild = args.includes('--web-build');

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function answers(url, accept) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok && accept(await response.text());
  } catch {
    return false;
  }
}

/** One `npm start` until the first page and a product list answer; resolves with its timings. */
async function timedStart(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // LOG_LEVEL as a newcomer has it (unset): the services' default, and the ready line with its phases.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: undefined },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let phases;
  let readyMs;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const ready = output.split('\n').find((line) => line.includes('"marketplace ready"'));
    if (ready && readyMs === undefined) {
      readyMs = Date.now() - started;
      phases = JSON.parse(ready).phasesMs;
    }
  });
  const exited = new Promise((done) => child.once('exit', done));
  let firstPageMs;
  try {
    for (const deadline = started + 180_000; firstPageMs === undefined;) {
      if (Date.now() > deadline) throw new Error(`no first page within 180 s:\n${output}`);
      if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${output}`);
      const pageServed = await answers(`${base}/`, (body) => body.includes('<div id="root">'));
      const productsListed =
        pageServed &&
        (await answers(
          `${base}/api/product/list?page=1&size=10`,
          (body) => JSON.parse(body).dtoList?.length > 0,
        ));
      if (productsListed) firstPageMs = Date.now() - started;
      else await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return { firstPageMs, readyMs, phases };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
for (let run = 1; run <= runs; run++) {
  if (withWebBuild) rmSync(join(root, 'apps/web/dist'), { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-first-start-'));
  try {
    for (const kind of ['first start', 'later start']) {
      const before = load();
      const { firstPageMs, readyMs, phases } = await timedStart(dataDir);
      console.log(
        `run ${run} ${kind}: first page after ${(firstPageMs / 1000).toFixed(1)} s` +
          ` (load average ${before} before, ${load()} after)`,
      );
      console.log(`  ready line after ${readyMs} ms; its phases (ms): ${JSON.stringify(phases)}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
