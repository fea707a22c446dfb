import { Command } from '@nestjs/cqrs';

export interface AutopayRunSummary {
  plans: number;
  notices: number;
  payments: number;
  settled: number;
}

/**
 * Runs autopay at the clock's now (what its scheduled job runs), at once: the dev clock after moving
 * it. Each notice and payment once per tenancy and month, whoever runs it (decision 0042).
 */
export class RunAutopay extends Command<AutopayRunSummary> {}
