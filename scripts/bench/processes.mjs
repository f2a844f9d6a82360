// What the benchmark scripts share: running services as separate processes and waiting for them.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const children = [];

/** Starts `node scripts/run-service.mjs <name>` on a loopback port with extra settings. */
export function serve(name, port, env) {
  const child = spawn(process.execPath, ['scripts/run-service.mjs', name], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
}

export function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}

/** Waits (up to a minute) until `url` answers 2xx and, if given, `accept(body)` holds. */
export async function waitFor(url, accept = () => true) {
  for (let i = 0; i < 240; i++) {
    try {
      const response = await fetch(url);
      if (response.ok && accept(await response.json().catch(() => null))) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}
