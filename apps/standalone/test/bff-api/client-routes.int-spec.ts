import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningStandalone } from '../../src/standalone';
import { startStandalone } from '../../src/standalone';

jest.setTimeout(180_000);

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
/** Lists the calls of ../shared/CLIENT-CONTRACT.md a server does not serve (the shared folder sits next to the repository). */
const CLIENT_ROUTES_TOOL = join(REPO_ROOT, '..', 'shared', 'tools', 'client-routes.mjs');

interface ToolRun {
  exitCode: number;
  /** Each call the tool made, as `METHOD /path?query`, and what it found. */
  calls: Map<string, 'served' | 'MISSING' | 'DOWN'>;
  summary: { total: number; missing: number } | undefined;
}

/** Runs the tool in a child process, so this process's server can answer it meanwhile. */
function runClientRoutes(baseUrl: string): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLIENT_ROUTES_TOOL, baseUrl], { timeout: 150_000 }, (error, stdout) => {
      const exitCode = error ? error.code : 0;
      if (typeof exitCode !== 'number') return reject(error ?? new Error('the tool did not exit'));
      const calls = new Map<string, 'served' | 'MISSING' | 'DOWN'>();
      let summary: ToolRun['summary'];
      for (const line of stdout.split('\n')) {
        const call = /^(served|MISSING|DOWN)\s+(GET|POST|PUT|DELETE) (\S+)/.exec(line);
        if (call) calls.set(`${call[2]} ${call[3]}`, call[1] as 'served' | 'MISSING' | 'DOWN');
        const total = /^\d+ of (\d+) calls served, (\d+) missing$/.exec(line);
        if (total) summary = { total: Number(total[1]), missing: Number(total[2]) };
      }
      resolve({ exitCode, calls, summary });
    });
  });
}

/** The BFF serves every call of the spec's client, except those later issues add. */
describe("the spec client's calls", () => {
  let app: RunningStandalone;

  beforeAll(async () => {
    app = await startStandalone({
      dataDir: mkdtempSync(join(tmpdir(), 'bff-client-routes-')),
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      demoProductsPerCategory: 1,
    });
  });
  afterAll(() => app.close());

  it('are all served', async () => {
    expect(existsSync(CLIENT_ROUTES_TOOL)).toBe(true);
    const run = await runClientRoutes(app.url);
    const withOutcome = (outcome: string) =>
      [...run.calls].filter(([, found]) => found === outcome).map(([call]) => call);
    const missing = withOutcome('MISSING');

    expect(run.summary).toEqual({
      total: run.calls.size,
      missing: missing.length + withOutcome('DOWN').length,
    });
    expect(run.calls.size).toBeGreaterThan(0);
    expect(withOutcome('DOWN')).toEqual([]);
    expect(missing).toEqual([]);
    expect(run.exitCode).toBe(0);
  });
});
