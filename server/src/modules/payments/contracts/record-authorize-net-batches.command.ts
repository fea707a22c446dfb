import { Command } from '@nestjs/cqrs';

export interface AuthorizeNetBatchesRun {
  accounts: number;
  /** Batches recorded as payouts by this run (not those already recorded). */
  batches: number;
  /** Chargebacks, returned items and reversals posted to the ledger by this run. */
  chargebacks: number;
  /** Accounts whose batches could not be read (the gateway refused or did not answer); tried again next run. */
  failedAccounts: number;
}

/**
 * Reads every Authorize.Net landlord's settled batches since their last recorded one and records
 * each as a payout, with its chargebacks in the ledger (what the daily job runs), at once: tests and
 * the dev tools. Each batch and each chargeback once, whoever runs it and how often.
 */
export class RecordAuthorizeNetBatches extends Command<AuthorizeNetBatchesRun> {}
