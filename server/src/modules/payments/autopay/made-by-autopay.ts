/**
 * SQL: whether the payment attempt `attempt` (an alias of payments.card_payments) was made by autopay,
 * that is, under the key of one of payments.autopay_runs (decision 0042), found by that key's unique
 * index. Every key the API takes is a uuid; any other (such as an imported one) is no run's and is
 * never cast. No attempt (a payment recorded without one) is not automatic.
 */
export const madeByAutopaySql = (attempt: string): string =>
  `EXISTS (SELECT 1 FROM payments.autopay_runs autopay_run
            WHERE autopay_run.idempotency_key = CASE WHEN ${attempt}.idempotency_key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                                     THEN ${attempt}.idempotency_key::uuid END)`;
