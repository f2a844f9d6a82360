#!/usr/bin/env node
// `npm start`: the whole marketplace in one process (standalone mode), run from TypeScript via SWC.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = resolve(import.meta.dirname, '..');
buildWebIfStale();
const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/standalone/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl+C reaches the child too; it shuts down cleanly and its exit ends this process.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
