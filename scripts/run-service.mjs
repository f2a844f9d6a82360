#!/usr/bin/env node
// Distributed mode: `node scripts/run-service.mjs <bff|catalog|member|cart|order|payment|refund|board>`.
// Settings come from the environment (DATABASE_URL, KAFKA_BROKERS, PORT, ...; see README).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const name = process.argv[2];
const entry = join(root, 'apps', name ?? '', 'src', 'main.ts');
if (!name || name === 'web' || name === 'standalone' || !existsSync(entry)) {
  console.error('usage: node scripts/run-service.mjs <bff|catalog|member|cart|order|payment|refund|board>');
  process.exit(2);
}
// A process group of its own: a Ctrl-C (or a signal to this group) reaches the service once, through
// this script, instead of twice (the second would end it before its Kafka consumer left its group).
const child = spawn(process.execPath, ['-r', '@swc-node/register', entry], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
