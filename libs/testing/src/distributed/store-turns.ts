import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { poll } from '../store-api';

/**
 * The distributed suites run side by side (Jest's workers) on one store. A suite that kills replicas
 * must have the store alone: a checkout of another suite meanwhile would wait out the kill. Every
 * suite holds a share while it runs; `haveTheStoreAlone` waits for the others' shares to end and
 * keeps new ones waiting until `leaveTheStore`. Marks are files in the store's DATA_DIR; without
 * one (a store started elsewhere and no DATA_DIR given) no suite can kill a replica, and none waits.
 */
const turnsDir = () =>
  process.env.MKT_DISTRIBUTED_DATA_DIR && join(process.env.MKT_DISTRIBUTED_DATA_DIR, 'suite-turns');
/** A worker runs one suite at a time: its pid names its share. */
const shareOf = (dir: string) => join(dir, `share-${process.pid}`);
const aloneMark = (dir: string) => join(dir, 'alone');

async function until(done: () => boolean, what: string): Promise<void> {
  const met = await poll(async () => done(), Boolean, 180_000);
  if (!met) throw new Error(`gave up waiting for ${what}`);
}

/** Takes a share of the store, once no suite has it alone. */
export async function shareTheStore(): Promise<void> {
  const dir = turnsDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (;;) {
    // Marked before looking: a suite that takes the store alone meanwhile sees this share and waits.
    writeFileSync(shareOf(dir), '');
    if (!existsSync(aloneMark(dir))) return;
    rmSync(shareOf(dir), { force: true });
    await until(() => !existsSync(aloneMark(dir)), 'a suite that had the store alone');
  }
}

export function leaveTheShare(): void {
  const dir = turnsDir();
  if (dir) rmSync(shareOf(dir), { force: true });
}

/** Has the store alone once the other suites' shares ended; new ones wait for `leaveTheStore`. */
export async function haveTheStoreAlone(): Promise<void> {
  const dir = turnsDir();
  if (!dir) throw new Error('MKT_DISTRIBUTED_DATA_DIR names the store that a suite takes alone');
  mkdirSync(dir, { recursive: true });
  writeFileSync(aloneMark(dir), String(process.pid), { flag: 'wx' });
  leaveTheShare();
  await until(() => !readdirSync(dir).some((name) => name.startsWith('share-')), "the other suites' shares");
}

export function leaveTheStore(): void {
  const dir = turnsDir();
  if (dir) rmSync(aloneMark(dir), { force: true });
}
