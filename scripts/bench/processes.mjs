// What the benchmark scripts share: running services as separate processes and waiting for them.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { nodeArgsFor } from '../entry.mjs';
import { processCpuMs } from './shop.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const children = [];
/** Every benchmark process's settings: quiet, on loopback, and the BFF's per-client limit off (a benchmark is one client). */
const BENCH_SETTINGS = { LOG_LEVEL: 'warn', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0' };

/** Starts `node scripts/run-service.mjs <name>` on a loopback port with extra settings. */
export function serve(name, port, env) {
  const child = spawn(process.execPath, ['scripts/run-service.mjs', name], {
    cwd: root,
    env: { ...process.env, ...BENCH_SETTINGS, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
}

export function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}

/** Waits (up to a minute, or `timeoutMs`) until `url` answers 2xx and, if given, `accept(body)` holds. */
export async function waitFor(url, accept = () => true, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok && accept(await response.json().catch(() => null))) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * A process a benchmark kills and starts again: in a process group of its own, so that a signal
 * reaches the service under `run-service.mjs` too; its output appended to `logFile`; started again
 * with the same command and settings (so the same port).
 */
export class ManagedProcess {
  constructor(label, args, env, logFile) {
    Object.assign(this, { label, args, env, logFile, endedLivesCpuMs: 0 });
  }

  /** CPU time used so far in ms, over every start (each read just before its process was signalled). */
  cpuMs() {
    const current = this.running && this.cpuKeptOf !== this.child ? processCpuMs(this.child.pid) : 0;
    return this.endedLivesCpuMs + current;
  }

  /** Keeps the CPU time of the life about to end (once, however often it is signalled). */
  keepCpuTime() {
    if (!this.running || this.cpuKeptOf === this.child) return;
    this.endedLivesCpuMs += processCpuMs(this.child.pid);
    this.cpuKeptOf = this.child;
  }

  start() {
    const log = openSync(this.logFile, 'a');
    try {
      this.child = spawn(process.execPath, this.args, {
        cwd: root,
        env: { ...process.env, ...this.env },
        detached: true,
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
    this.exited = new Promise((done) => this.child.once('exit', done));
    return this;
  }

  get pid() {
    return this.child?.pid;
  }

  /** Whether the process started and has not ended. */
  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Signals the whole group and waits until the process is gone. */
  async kill(signal = 'SIGKILL') {
    if (!this.running) return;
    this.keepCpuTime();
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // already gone
    }
    await this.exited;
  }

  /**
   * SIGTERM to the process itself, SIGKILL to its group after `graceMs`. Not SIGTERM to the group:
   * a process that passes the signal on (`run-service.mjs`) would signal its service twice, and a
   * service ends at the second, before its Kafka consumer has left its group (its next start then
   * waits out the session).
   */
  async stop(graceMs = 10_000) {
    if (!this.running) return;
    this.keepCpuTime();
    const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
    this.child.kill('SIGTERM');
    await this.exited;
    clearTimeout(timer);
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
  }
}

/**
 * A service as a ManagedProcess on a loopback port: `apps/<name>/src/main.ts` run as
 * `scripts/run-service.mjs` runs it, but not through that script, which starts the service in a
 * process group of its own: a SIGKILL to the script's group would leave the service running.
 */
export function managedService(name, port, env, logFile) {
  return new ManagedProcess(
    name,
    nodeArgsFor(`apps/${name}/src/main.ts`),
    { ...BENCH_SETTINGS, PORT: String(port), ...env },
    logFile,
  );
}

/** `npm start`'s process (`apps/standalone/src/main.ts`) on a loopback port and a data folder of its own. */
export function standaloneProcess(port, dataDir, settings, logFile) {
  return new ManagedProcess(
    'standalone',
    ['-r', '@swc-node/register', 'apps/standalone/src/main.ts'],
    { ...settings, PORT: String(port), DATA_DIR: dataDir },
    logFile,
  );
}
