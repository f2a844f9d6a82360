import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopChild } from '@mkt/testing';

jest.setTimeout(120_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
const ALLOWED = 'http://localhost:5173';
const CATEGORIES = '/api/categories/depth/1';

interface Started {
  child: ChildProcess;
  /** Resolves with the store's address once it is open, or rejects with the output when it ends first. */
  opened: Promise<string>;
  exited: Promise<{ code: number | null; output: string }>;
}

/** `npm start`'s process (apps/standalone/src/main.ts) with these settings, on a fresh data folder. */
async function startStandaloneProcess(env: Record<string, string>): Promise<Started> {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/standalone/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mkt-cross-origin-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  const opened = new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /열렸습니다: (http\S+)/.exec(output);
      if (url) resolve(url[1]);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then(() => reject(new Error(`the store ended while starting:\n${output.slice(-3000)}`)));
  });
  return { child, opened, exited };
}

describe('npm start honours CORS_ORIGINS and TRUST_PROXY as the distributed BFF does', () => {
  let store: Started;
  let url: string;

  beforeAll(async () => {
    store = await startStandaloneProcess({
      CORS_ORIGINS: ALLOWED,
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '3',
    });
    url = await store.opened;
  });
  afterAll(() => stopChild(store?.child, 10_000));

  it("answers an allowed origin's credentialed call and preflight, and no other origin", async () => {
    const allowed = await fetch(`${url}${CATEGORIES}`, {
      headers: { origin: ALLOWED, 'x-forwarded-for': '203.0.113.1' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');

    const preflight = await fetch(`${url}/api/cart/add`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
        'x-forwarded-for': '203.0.113.1',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);

    const refused = await fetch(`${url}${CATEGORIES}`, {
      headers: { origin: 'https://elsewhere.example', 'x-forwarded-for': '203.0.113.1' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('counts the per-minute limit by the address the trusted proxy names', async () => {
    const call = (address: string) =>
      fetch(`${url}${CATEGORIES}`, { headers: { 'x-forwarded-for': address } }).then((r) => r.status);
    for (let i = 0; i < 3; i++) expect(await call('198.51.100.7')).toBe(200);
    expect(await call('198.51.100.7')).toBe(429);
    // Another client behind the same proxy keeps its own allowance.
    expect(await call('198.51.100.8')).toBe(200);
  });

  it('stops at start, naming a malformed origin', async () => {
    const malformed = await startStandaloneProcess({ CORS_ORIGINS: 'https://shop.example.kr/' });
    malformed.opened.catch(() => undefined);
    const { code, output } = await malformed.exited;
    expect(code).not.toBe(0);
    expect(output).toContain('https://shop.example.kr');
  });
});
