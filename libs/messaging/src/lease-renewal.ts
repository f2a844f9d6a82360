/**
 * Keeps a lease (a claim on rows that lapses at a time stored with them) while its holder works:
 * `renew` pushes it `leaseMs` ahead every third of that, so a living holder keeps it however long
 * the work takes, and a holder that died (killed, nothing left to tell the others) loses it within
 * `leaseMs`. It is a heartbeat: nothing else tells other processes that the holder still lives.
 * Ending waits for a renewal under way, so a write after it is the last word on the rows.
 */
export class LeaseRenewal {
  private renewing: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(leaseMs: number, renew: () => Promise<unknown>) {
    this.timer = setInterval(() => {
      // One renewal at a time: a slow one is followed, not overtaken, by the next.
      this.renewing = this.renewing.then(renew).catch(() => undefined);
    }, leaseMs / 3);
    // The work it accompanies keeps the process alive, not the heartbeat.
    this.timer.unref();
  }

  async end(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
  }
}
