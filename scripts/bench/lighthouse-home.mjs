#!/usr/bin/env node
// Lighthouse on the home page and on a product page (server-rendered, issue 24), in Debian's
// Chromium (headless): the performance, accessibility, best-practices and SEO scores and the key
// metrics for each run, and their medians. Starts the standalone store on a fresh data folder
// (building the web app if stale), or measures the store --url names. Usage: USAGE below (--help).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from '../build-web.mjs';
import { waitFor } from './processes.mjs';

const USAGE = `npm run bench:lighthouse [-- --preset mobile|desktop|both] [--runs 3] [--url http://127.0.0.1:8080/]
    [--save <folder>]
  --preset   Lighthouse's mobile or desktop settings, or both (default)
  --runs     runs per page and preset; the medians are printed (default 3)
  --url      measure this store instead of starting the standalone store on a fresh data folder
  --save     keep each run's full Lighthouse report as JSON there (what the first paint and LCP wait on)
Measures the home and a product page (server-rendered). Quote figures with the load average printed.`;

const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    preset: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
    save: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
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
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

/** The audits that cost the accessibility, best-practices and SEO categories points, by id. */
function missedAudits(lhr) {
  const missed = new Set();
  for (const category of CATEGORIES.slice(1))
    for (const { id, weight } of lhr.categories[category].auditRefs)
      if (weight > 0 && lhr.audits[id].score !== null && lhr.audits[id].score < 1) missed.add(id);
  return [...missed];
}

/** The runtime errors whose message is Lighthouse's "Something went wrong with recording the trace … run Lighthouse again". */
const LOST_TRACE_CODES = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL']);
class LostTraceError extends Error {}

/** One Lighthouse run in a fresh Chromium (no cache): the figures we print; the report kept in `saveAs` if given. */
async function measure(url, preset, saveAs) {
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
        onlyCategories: CATEGORIES,
        // Screenshots count for nothing in the score and time out on a busy machine.
        skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
        logLevel: 'error',
      },
      config,
    );
    if (lhr.runtimeError) {
      const message = `Lighthouse: ${lhr.runtimeError.message}`;
      throw LOST_TRACE_CODES.has(lhr.runtimeError.code) ? new LostTraceError(message) : new Error(message);
    }
    lighthouseVersion = lhr.lighthouseVersion;
    if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
    const { audits } = lhr;
    const scripts = audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
    return {
      missed: missedAudits(lhr),
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      'best practices': Math.round(lhr.categories['best-practices'].score * 100),
      SEO: Math.round(lhr.categories.seo.score * 100),
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

/**
 * Lighthouse on a busy machine now and then loses the trace of a load: such a run measured nothing,
 * so it is run again (twice at most, and said so).
 */
async function measureRetryingLostTraces(url, preset, saveAs) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, preset, saveAs);
    } catch (error) {
      if (attempt === 3 || !(error instanceof LostTraceError)) throw error;
      console.log(`${preset}, ${url}: ${error.message}; running it again`);
    }
  }
}

const store = values.url ? { url: values.url, stop: async () => {} } : await startStore();
try {
  const bestSeller = await (
    await fetch(new URL('/api/product/list?size=1&sortBy=p_salesVol', store.url))
  ).json();
  const pages = [
    ['home', store.url],
    ['product page', new URL(`/product/${bestSeller.dtoList[0].pno}`, store.url).toString()],
  ];
  // A first visit warms the server (its caches, the JIT), as a real store is warm.
  for (const [, url] of pages) await fetch(url);
  for (const preset of presets) {
    for (const [name, url] of pages) {
      const results = [];
      const page = name.replaceAll(' ', '-');
      if (values.save) mkdirSync(values.save, { recursive: true });
      for (let run = 0; run < Number(values.runs); run++)
        results.push(
          await measureRetryingLostTraces(
            url,
            preset,
            values.save && join(values.save, `${preset}-${page}-${run + 1}.json`),
          ),
        );
      console.log(`\n${preset}, ${name} (Lighthouse ${lighthouseVersion}, its ${preset} settings) on ${url}`);
      const missed = new Set(results.flatMap((result) => result.missed));
      console.table(results.map(({ missed: _, ...figures }) => figures));
      if (missed.size > 0) console.log(`audits missed (not performance): ${[...missed].join(', ')}`);
      const medians = CATEGORIES.map((category, i) => {
        const key = Object.keys(results[0])[i + 1];
        return `${key} ${median(results.map((result) => result[key]))}`;
      });
      const lcp = median(results.map((result) => parseInt(result.LCP, 10)));
      const cls = median(results.map((result) => Number(result.CLS)));
      console.log(
        `${preset}, ${name}: medians ${medians.join(', ')}, LCP ${lcp} ms, CLS ${cls} (performance runs: ${results.map((result) => result.performance).join(', ')}; load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')})`,
      );
    }
  }
} finally {
  await store.stop();
}
