#!/usr/bin/env node
// `npm run build:server`: the server processes as plain JavaScript under build/server, the tree the
// production image (deploy/docker/Dockerfile) runs with production dependencies only: every
// service, the BFF and the seed compiled by SWC (tests and test helpers left out), the workspace
// manifests pointing at the compiled entry points, migrations, the built web app and the scripts
// that start the processes. `node scripts/run-service.mjs <name>` there runs the compiled code.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'build', 'server');
const workspaces = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(root, dir)).map((name) => `${dir}/${name}`),
);
/** Workspaces whose code the servers run (the web app ships as its build, test helpers not at all). */
const serverWorkspaces = workspaces.filter((path) => !['apps/web', 'libs/testing'].includes(path));

buildWebIfStale();
rmSync(out, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/@swc/cli/bin/swc.js'),
    ...serverWorkspaces.map((path) => `${path}/src`),
    '-d',
    out,
    '--quiet',
    ...['**/*.spec.ts', '**/*.int-spec.ts', 'libs/topology/src/deployment/**'].flatMap((pattern) => [
      '--ignore',
      pattern,
    ]),
  ],
  { cwd: root, stdio: 'inherit' },
);

const copy = (path) => {
  if (!existsSync(join(root, path))) return;
  mkdirSync(dirname(join(out, path)), { recursive: true });
  cpSync(join(root, path), join(out, path), { recursive: true });
};
for (const path of [
  'package.json',
  'package-lock.json',
  'scripts/run-service.mjs',
  'scripts/entry.mjs',
  'libs/messaging/migrations',
  'libs/messaging/bus-migrations',
  'apps/bff/key-value-migrations',
  'apps/web/dist',
  ...serverWorkspaces.map((path) => `${path}/prisma/migrations`),
])
  copy(path);
// Every workspace's manifest (npm needs them all to install), its entry points compiled.
for (const path of workspaces) {
  const manifest = JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8'));
  for (const field of ['main', 'types'])
    if (manifest[field]) manifest[field] = manifest[field].replace(/\.ts$/, '.js');
  // The doors whose code was compiled; test-facing ones (`./testing`, outside src) are not shipped.
  if (manifest.exports)
    manifest.exports = Object.fromEntries(
      Object.entries(manifest.exports)
        .map(([entry, target]) => [entry, target.replace(/\.ts$/, '.js')])
        .filter(([, target]) => existsSync(join(out, path, target))),
    );
  mkdirSync(join(out, path), { recursive: true });
  writeFileSync(join(out, path, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}
console.log(`server build in ${out}`);
