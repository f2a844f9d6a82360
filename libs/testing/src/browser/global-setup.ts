import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port';

declare global {
  var standaloneForBrowserTests: ChildProcess | undefined;
}

const root = resolve(__dirname, '..', '..', '..', '..');

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the standalone app exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the standalone app did not answer at ${url} within 120 s:\n${output()}`);
}

/**
 * Browser tests run against the real standalone build: a fresh data folder, the built web app, the
 * seeded demo store. MKT_E2E_BASE_URL, when set, points them at a server that is already running
 * (and MKT_E2E_MAIL_DIR at its mail folder, `<DATA_DIR>/mail`).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.MKT_E2E_BASE_URL) return;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/standalone/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tests are one client making thousands of calls a minute.
      RATE_LIMIT_PER_MINUTE: '0',
      // Every browser context is a new visitor, all from one address.
      NEW_VISITORS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  globalThis.standaloneForBrowserTests = child;
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url, child, () => output);
  process.env.MKT_E2E_BASE_URL = url;
  // Where the store writes the e-mails it sends (standalone mode's mail folder).
  process.env.MKT_E2E_MAIL_DIR = join(dataDir, 'mail');
}
