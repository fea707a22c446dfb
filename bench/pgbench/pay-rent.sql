-- pgbench's own rate for the ledger posting of a card payment (bench/payments.js): the statements
-- ChargeSettlement.record runs in its one transaction, as the product sends them (extended protocol),
-- in the same order: the charge's advisory lock, the journal with its three entries (one statement, as
-- payments/ledger/journal-insert.ts writes them), then its two outbox rows in one statement (the
-- statements projector's, and the receipt email's request, decision 0022), which the product writes
-- with the attempt's mark (Outbox.writeWithPending); pgbench has no attempt to mark.
-- Tenants, landlords and properties are the bench's paying ones (bench/money-data.js).
\set tenant random(1, :tenants)
\set landlord (:tenant - 1) / :perlandlord + 1
\set charged random(100100, 250000)
\set fee 699
\set card -:charged
\set landlordshare :charged - :fee
BEGIN;
SELECT pg_advisory_xact_lock(hashtextextended('charge-pgbench/' || :client_id::int || '/' || gen_random_uuid(), 0));
WITH journal AS (
  INSERT INTO payments.ledger_transactions (idempotency_key, input_hash, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id,
                                            property_id, description, provider, provider_reference, correlation_id, causation_id, corrects_transaction_id)
  VALUES ('pgbench-' || gen_random_uuid(), 'v1:' || md5(random()::text), 'rent_payment', now(), now(),
          md5('pay-tenant-' || :tenant::int)::uuid, md5('pay-landlord-' || :landlord::int)::uuid, md5('pay-property-' || :tenant::int)::uuid,
          'Rent payment: ' || :tenant::int || ' Payment Street, Springfield, IL 62704', 'sandbox', 'acct_pgbench/ch_' || md5(random()::text),
          gen_random_uuid(), gen_random_uuid(), NULL)
  ON CONFLICT DO NOTHING
  RETURNING id
), entries AS (
  INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
  SELECT journal.id, entry.account, entry.amount_cents
    FROM journal, unnest(ARRAY['tenant_card', 'landlord_payable', 'processing_fees'], ARRAY[:card, :landlordshare, :fee]::bigint[]) AS entry(account, amount_cents)
)
SELECT id AS txid FROM journal \gset
INSERT INTO infra.outbox (queue, job_name, payload)
VALUES ('statements', 'ProjectStatements',
        jsonb_build_object('transactionId', :txid::uuid, 'propertyId', md5('pay-property-' || :tenant::int)::uuid, 'chargedCents', :charged::int,
                           'envelope', jsonb_build_object('id', gen_random_uuid(), 'occurredAt', now(), 'correlationId', gen_random_uuid()))),
       ('receipt-emails', 'SendReceiptEmail',
        jsonb_build_object('receiptId', :txid::uuid, 'tenantUserId', md5('pay-tenant-' || :tenant::int)::uuid,
                           'envelope', jsonb_build_object('id', gen_random_uuid(), 'occurredAt', now(), 'correlationId', gen_random_uuid())));
COMMIT;
