// The people the money paths need, made set-based in a scratch database (bench/support.js): landlords
// approved with a payout account that takes charges, one property and one signed-in tenant per
// property. Ids are md5-derived, as in bench/data.js, so the bench can name them without asking.
const { createHash } = require('node:crypto');

const uuidOf = (key) => createHash('md5').update(key).digest('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** Tenant t (1-based) of `landlords` x `perLandlord`: their session cookie value and ids. */
const payingTenant = (t, perLandlord) => ({
  userId: uuidOf(`pay-tenant-${t}`),
  sessionToken: `bench-pay-session-${t}`,
  propertyId: uuidOf(`pay-property-${t}`),
  landlordUserId: uuidOf(`pay-landlord-${Math.floor((t - 1) / perLandlord) + 1}`),
  accountIndex: Math.floor((t - 1) / perLandlord) + 1,
});

/**
 * accountPrefix: the payout account ids are `${accountPrefix}${landlord number}`; with `sandbox`, the
 * sandbox provider's own account rows are made too (ready for charges and payouts); with `bankDebits`, the
 * landlords' accounts can take bank debits, as account.updated leaves one with the ACH capability.
 */
async function populate(client, { landlords, perLandlord, accountPrefix, sandbox, bankDebits = false }) {
  const tenants = landlords * perLandlord;
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at, last_login_at)
     SELECT md5('pay-landlord-' || i)::uuid, 'landlord', 'active', 'Landlord', 'Payee ' || i,
            'pay-landlord' || i || '@bench.rentwise.test', '557' || lpad(i::text, 7, '0'), now(), now()
       FROM generate_series(1, $1::int) i`,
    [landlords],
  );
  if (sandbox) {
    await client.query(
      `INSERT INTO infra.sandbox_connected_accounts (id, kind, email, idempotency_key, charges_enabled, payouts_enabled, details_submitted)
       SELECT $2 || i, 'express', 'pay-landlord' || i || '@bench.rentwise.test', 'bench-account-' || i, true, true, true
         FROM generate_series(1, $1::int) i`,
      [landlords, accountPrefix],
    );
  }
  await client.query(
    `INSERT INTO onboarding.registrations (landlord_user_id, status, first_name, last_name, email, phone, submitted_at, reviewed_at,
                                           payout_account_id, payout_status, payout_charges_enabled, payout_connected_at)
     SELECT md5('pay-landlord-' || i)::uuid, 'approved', 'Landlord', 'Payee ' || i, 'pay-landlord' || i || '@bench.rentwise.test',
            '557' || lpad(i::text, 7, '0'), now() - interval '1 day', now() - interval '1 day', $2 || i, 'active', true, now()
       FROM generate_series(1, $1::int) i`,
    [landlords, accountPrefix],
  );
  await client.query(
    `INSERT INTO properties.properties (id, landlord_user_id, address, line1, city, state, zip, rent_cents, created_at, updated_at)
     SELECT md5('pay-property-' || t)::uuid, md5('pay-landlord-' || ((t - 1) / $2::int + 1))::uuid,
            t || ' Payment Street, Springfield, IL 62704', t || ' Payment Street', 'Springfield', 'IL', '62704',
            150000, now() - interval '1 year', now()
       FROM generate_series(1, $1::int) t`,
    [tenants, perLandlord],
  );
  await client.query(
    `INSERT INTO properties.rent_history (property_id, rent_cents, effective_from)
     SELECT id, rent_cents, created_at FROM properties.properties`,
  );
  await client.query(
    `INSERT INTO accounts.users (id, type, status, first_name, last_name, email, phone, activated_at, last_login_at)
     SELECT md5('pay-tenant-' || t)::uuid, 'tenant', 'active', 'Tenant', 'Payer ' || t,
            'pay-tenant' || t || '@bench.rentwise.test', '558' || lpad(t::text, 7, '0'), now(), now()
       FROM generate_series(1, $1::int) t`,
    [tenants],
  );
  await client.query(
    `INSERT INTO tenants.tenancies (tenant_user_id, property_id, landlord_user_id, started_at)
     SELECT md5('pay-tenant-' || t)::uuid, md5('pay-property-' || t)::uuid, md5('pay-landlord-' || ((t - 1) / $2::int + 1))::uuid,
            -- Moved in as this month began: the worker's rent charging job (decision 0039) posts one charge
            -- each as it starts, not a year of them inside the timed window.
            date_trunc('month', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'
       FROM generate_series(1, $1::int) t`,
    [tenants, perLandlord],
  );
  // Signed in just now: a payment needs a sign-in under 30 minutes old.
  await client.query(
    `INSERT INTO accounts.sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
     SELECT md5('pay-session-' || t)::uuid, md5('pay-tenant-' || t)::uuid,
            sha256(convert_to('bench-pay-session-' || t, 'UTF8')), now(), now(), now() + interval '12 hours'
       FROM generate_series(1, $1::int) t`,
    [tenants],
  );
  if (bankDebits) await client.query(`UPDATE onboarding.registrations SET payout_bank_debits_enabled = true`);
  await client.query('COMMIT');
  await client.query('ANALYZE');
  return Array.from({ length: tenants }, (_, i) => payingTenant(i + 1, perLandlord));
}

module.exports = { uuidOf, populate, payingTenant };
