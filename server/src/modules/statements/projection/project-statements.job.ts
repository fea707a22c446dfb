import type { Envelope } from '../../../infrastructure/messaging/envelope';

export const STATEMENTS_QUEUE = 'statements';

/**
 * Wakes the statements projector (the outbox sends one per PaymentRecorded). Its payload says which
 * event woke it, for the logs only: the projector reads the ledger from its position either way.
 */
export const PROJECT_STATEMENTS_JOB = 'ProjectStatements';

export interface ProjectStatementsJob {
  envelope: Envelope;
  transactionId?: string;
}
