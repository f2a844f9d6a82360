// How to run one of our TypeScript entry points: compiled JavaScript beside it when there is
// (the production image, `npm run build:server`), else the TypeScript itself through SWC.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Node's arguments for `apps/<app>/src/<file>.ts`, given as a path from the repository root. */
export function nodeArgsFor(tsPath) {
  const compiled = join(root, tsPath.replace(/\.ts$/, '.js'));
  return existsSync(compiled) ? [compiled] : ['-r', '@swc-node/register', join(root, tsPath)];
}

export function entryExists(tsPath) {
  return existsSync(join(root, tsPath)) || existsSync(join(root, tsPath.replace(/\.ts$/, '.js')));
}
