import { stopChild } from '../stop-child';

/** Stops the standalone app the global setup started, if it started one. */
export default async function globalTeardown(): Promise<void> {
  await stopChild(globalThis.standaloneForBrowserTests, 10_000);
}
