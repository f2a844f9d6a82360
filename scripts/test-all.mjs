#!/usr/bin/env node
// `npm test`: unit, integration (real PostgreSQL, Redis, Kafka) and browser (Chromium) suites in one
// Jest run, ending with one line `N passed, M failed` over all of them. Extra arguments go to Jest
// (e.g. `npm test -- --selectProjects unit`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = resolve(import.meta.dirname, '..');
const report = join(root, 'test-results', 'jest.json');
mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true });
buildWebIfStale();

const jest = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/jest/bin/jest.js'),
    '--ci',
    '--maxWorkers=2',
    '--json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  // PGlite loads its WebAssembly through dynamic import, which Jest's VM needs this flag for.
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' },
  },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  // A suite that fails to load counts as a failure even though it ran no test.
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(jest.status !== 0 || failed > 0 || passed === 0 ? 1 : 0);
