import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inbox } from './inbox';

const SWEEP_INTERVAL_MS = 60 * 1000;

/** Runs beside the workers: every minute, re-queues failed rows whose backoff has passed and lost jobs. */
@Injectable()
export class InboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InboxSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly inbox: Inbox) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.inbox
        .sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, 'Inbox sweep failed; will try again'))
        .finally(() => (this.running = undefined));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
