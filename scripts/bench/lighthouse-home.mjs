#!/usr/bin/env node
// Lighthouse's performance category on the home page, in Debian's Chromium (headless): the score
// and its key metrics for each run and their median. Starts the standalone store on a fresh data
// folder (building the web app if stale), or measures the page --url names.
//   npm run bench:lighthouse [-- --preset mobile|desktop|both] [--runs 3] [--url http://127.0.0.1:8080/]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from '../build-web.mjs';
import { waitFor } from './processes.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    preset: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
  },
});
const presets = values.preset === 'both' ? ['mobile', 'desktop'] : [values.preset];
if (!presets.every((preset) => preset === 'mobile' || preset === 'desktop')) {
  throw new Error(`--preset is mobile, desktop or both, not ${values.preset}`);
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The standalone store on a fresh data folder (seeded on start); gives its URL and how to stop it. */
async function startStore() {
  buildWebIfStale();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-lighthouse-'));
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/standalone/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}api/health`, () => true, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

let lighthouseVersion = '';
const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

/** One Lighthouse run in a fresh Chromium (no cache): the figures we print. */
async function measure(url, preset) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    const config = preset === 'desktop' ? desktopConfig : undefined;
    const { lhr } = await lighthouse(
      url,
      {
        port,
        onlyCategories: ['performance'],
        // Screenshots count for nothing in the score and time out on a busy machine.
        skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
        logLevel: 'error',
      },
      config,
    );
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    lighthouseVersion = lhr.lighthouseVersion;
    const { audits } = lhr;
    const scripts = audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      FCP: ms(audits['first-contentful-paint']),
      LCP: ms(audits['largest-contentful-paint']),
      TBT: ms(audits['total-blocking-time']),
      CLS: audits['cumulative-layout-shift'].numericValue.toFixed(3),
      'speed index': ms(audits['speed-index']),
      'JS transferred': `${(scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024).toFixed(1)} kB in ${scripts.length} files`,
    };
  } finally {
    await browser.close();
  }
}

const store = values.url ? { url: values.url, stop: async () => {} } : await startStore();
try {
  // A first visit warms the server (its caches, the JIT), as a real store is warm.
  await fetch(store.url);
  for (const preset of presets) {
    const results = [];
    for (let run = 0; run < Number(values.runs); run++) results.push(await measure(store.url, preset));
    console.log(`\n${preset} (Lighthouse ${lighthouseVersion}, its ${preset} settings) on ${store.url}`);
    console.table(results);
    const scores = results.map((result) => result.score).sort((a, b) => a - b);
    console.log(
      `${preset} performance score: median ${scores[Math.floor(scores.length / 2)]} (runs: ${scores.join(', ')})`,
    );
  }
} finally {
  await store.stop();
}
