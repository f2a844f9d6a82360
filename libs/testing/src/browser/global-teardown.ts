/** Stops the standalone app the global setup started, if it started one. */
export default async function globalTeardown(): Promise<void> {
  const child = globalThis.standaloneForBrowserTests;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
