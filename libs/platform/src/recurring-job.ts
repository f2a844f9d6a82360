import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseNotices } from '@mkt/messaging';
import { PollingLoop } from '@mkt/messaging';
import type { JsonLogger } from '@mkt/observability';

export interface RecurringJobSchedule {
  /** What the logs call the job ("cancelling abandoned orders failed"). */
  name: string;
  /** The pause after a round that did nothing, or failed. */
  idleMs: number;
  /** A database notification that starts a round at once: the job's work was just queued. */
  wakeOn?: { notices: DatabaseNotices; channel: string };
}

/**
 * Work a service repeats from start-up to shutdown, such as a sweep of what came due: a round at
 * start, another at once after a round that did something (more may be waiting), else after
 * `idleMs` or when `wakeOn` notifies. Rounds never overlap; shutdown waits for the one under way.
 * The state is in the database, so a restart loses nothing. A subclass is a Nest provider.
 */
export abstract class RecurringJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: PollingLoop;
  private stopListening?: () => Promise<void>;

  protected constructor(
    logger: JsonLogger,
    private readonly schedule: RecurringJobSchedule,
  ) {
    this.loop = new PollingLoop(
      async () => ((await this.runOnce()) > 0 ? 0 : schedule.idleMs),
      (error) => {
        logger.error(`${schedule.name} failed`, { error: String(error) });
        return schedule.idleMs;
      },
    );
  }

  /** One round; answers how many things it did. */
  abstract runOnce(): Promise<number>;

  async onApplicationBootstrap(): Promise<void> {
    const { wakeOn } = this.schedule;
    this.stopListening = await wakeOn?.notices.listen(wakeOn.channel, () => this.loop.nudge());
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopListening?.();
    await this.loop.stop();
  }
}
