import { stopChild } from '../stop-child';

/** Stops the distributed store the global setup started (start:distributed stops every process it runs). */
export default async function globalTeardown(): Promise<void> {
  await stopChild(globalThis.distributedStoreForTests, 30_000);
}
