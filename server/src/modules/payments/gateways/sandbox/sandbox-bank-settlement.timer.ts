import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SandboxBankDebits } from './sandbox-bank-debits';

/** How often the worker looks for sandbox debits whose settlement day has come. */
const EVERY_MS = 60_000;

/**
 * The sandbox's bank, in the worker: settles (or fails, as the test account says) each processing
 * debit once the sandbox's clock reaches its settlement day, as Stripe's test mode does on its own
 * clock. Several workers may run it at once: each debit is decided under its row's lock, once.
 */
@Injectable()
export class SandboxBankSettlementTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SandboxBankSettlementTimer.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly bankDebits: SandboxBankDebits) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.settleDue(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async settleDue(): Promise<void> {
    try {
      const decided = await this.bankDebits.settleDue();
      if (decided > 0) this.logger.log({ decided }, 'Sandbox bank debits decided');
    } catch (error) {
      this.logger.error({ err: error }, 'Sandbox bank debits could not be decided');
    }
  }
}
