import { AsyncLocalStorage } from 'node:async_hooks';
import { Outbox } from '@mkt/messaging';

/** The failure `crashAfterNextEnqueue` injects. */
export class CrashAfterEnqueue extends Error {
  constructor() {
    super('crashed right after writing an outbox event');
  }
}

/**
 * Runs `work` with its first outbox write failing right after its row is written, as a process dying
 * mid-transaction would. A command that enqueues in the transaction of its state change leaves
 * neither behind; one that enqueues outside it leaves an event without its state (or the reverse).
 * Writes of anything else running meanwhile (a consumer, say) are left alone.
 */
export async function crashAfterNextEnqueue(work: () => Promise<unknown>): Promise<void> {
  const enqueue = Outbox.prototype.enqueue;
  const inWork = new AsyncLocalStorage<boolean>();
  let crashed = false;
  const spy = jest.spyOn(Outbox.prototype, 'enqueue').mockImplementation(async function (
    this: Outbox,
    ...args: Parameters<Outbox['enqueue']>
  ) {
    const written = await enqueue.apply(this, args);
    if (!inWork.getStore() || crashed) return written;
    crashed = true;
    throw new CrashAfterEnqueue();
  });
  try {
    await expect(inWork.run(true, work)).rejects.toThrow();
    expect(crashed).toBe(true);
  } finally {
    spy.mockRestore();
  }
}
