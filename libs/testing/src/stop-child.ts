import type { ChildProcess } from 'node:child_process';

/** Sends SIGTERM and waits for the exit, up to `graceMs`; then SIGKILL. Leaves no timer behind. */
export async function stopChild(child: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
