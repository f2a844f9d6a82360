/**
 * Runs `round` over and over until stopped. `round` answers how long to wait before the next one
 * (0: at once); a nudge ends a wait early, and a nudge during a round makes the next start at once.
 */
export class PollingLoop {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private nudged = false;

  constructor(
    private readonly round: () => Promise<number>,
    /** Called when a round throws; answers how long to wait before trying again. */
    private readonly onError: (error: unknown) => number,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.nudged = false;
      let waitMs: number;
      try {
        waitMs = await this.round();
      } catch (error) {
        waitMs = this.onError(error);
      }
      if (this.running && !this.nudged && waitMs > 0) await this.pause(waitMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
