#!/usr/bin/env node
// Distributed mode: `node scripts/run-service.mjs <bff|catalog|member|cart|order|payment|refund|board|seed>`
// (`seed`: migrates catalog, member and board and seeds the demo store where empty).
// Settings come from the environment (DATABASE_URL, KAFKA_BROKERS, PORT, ...; see README).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { entryExists, nodeArgsFor } from './entry.mjs';

const root = resolve(import.meta.dirname, '..');
const name = process.argv[2];
const entry = name === 'seed' ? 'apps/standalone/src/seed-cli.ts' : `apps/${name}/src/main.ts`;
if (!name || name === 'web' || name === 'standalone' || !entryExists(entry)) {
  console.error(
    'usage: node scripts/run-service.mjs <bff|catalog|member|cart|order|payment|refund|board|seed>',
  );
  process.exit(2);
}
// A process group of its own: a Ctrl-C (or a signal to this group) reaches the service once, through
// this script, instead of twice (the second would end it before its Kafka consumer left its group).
const child = spawn(process.execPath, nodeArgsFor(entry), { cwd: root, stdio: 'inherit', detached: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
