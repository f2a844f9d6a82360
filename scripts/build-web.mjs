#!/usr/bin/env node
// Builds the web app when its sources are newer than the last build: after `npm install` (so the
// first `npm start` need not), and before `npm start` and `npm test` (sources edited since).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The build's two outputs: the browser's pages and the server renderer (apps/web/vite.config.mts). */
const webOutputs = ['apps/web/dist/index.html', 'apps/web/dist/.ssr/render-page.cjs'].map((path) =>
  join(root, path),
);
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.mts',
  'libs/pricing/src',
  'libs/contracts/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

export function buildWebIfStale() {
  const built = Math.min(...webOutputs.map((output) => (existsSync(output) ? statSync(output).mtimeMs : 0)));
  if (!webSources.some((source) => newestMtime(join(root, source)) > built)) return;
  console.log('웹 앱을 빌드합니다 (building the web app)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mkt/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
