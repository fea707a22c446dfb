// The database baseline: a bare Fastify server running the product's SQL for each read path through
// `pg` (the product's own named prepared statements, by name, the same pool size), with none of the
// product's framework, guards, headers or logging. Answers have the product's JSON shape. Which
// statements a path runs, in what order, follows its handlers: the session store, the property reads,
// the tenants' and tenancies' queries, the tenant's payments and ledger, the receipt reader and the
// statement reader; keep those steps in step when a handler changes.
// The Monthly Overview computes its months with the same pure rules the product calls (libs, compiled).
const { createHash } = require('node:crypto');
const {
  billingMonthLabel,
  billingMonthOf,
  billingMonthRange,
  compareBillingMonths,
  DEFAULT_TIME_ZONE,
  localYearMonthAt,
  shiftBillingMonth,
} = require('@rentwise/libs/billing-month');
const { paymentMethodLabel } = require('@rentwise/libs/card-number');
const { calendarMonthTotals, monthName, monthRows, yearPeriodInWords } = require('@rentwise/libs/statements');
const { rentDueAt } = require('@rentwise/libs/rent-charges');
const { tenantBalanceCents } = require('@rentwise/libs/tenant-balance');
const { Pool } = require('pg');
const fastify = require('fastify')({ logger: false });

// As the product does (app.factory.ts): the bench asks for gzip or brotli like a browser, and
// answers of 1 KB or more are compressed, so both send the same bytes.
fastify.register(require('@fastify/compress'), { threshold: 1024, encodings: ['br', 'gzip'] });

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const IDLE_MS = 60 * 60 * 1000;

// The product's own statements, taken by name from its compiled modules (server/dist, which npm run
// bench builds first): the baseline runs the very SQL the product runs, never a copy that drifts.
require('../../server/dist/app.module');
const { preparedStatementNamed } = require('../../server/dist/infrastructure/database/prepared-statement');
const { paymentCorrectionsOf, paymentStatusOf, RECEIPT_STATUS_WORDS } = require('../../server/dist/modules/payments/receipts/payment-status');

function productStatement(name) {
  const statement = preparedStatementNamed(name);
  if (!statement) throw new Error(`The product has no prepared statement named ${name}: bring bench/baselines/pg-server.js in step`);
  return statement;
}
const LIVE_SESSION = productStatement('accounts.live-session');
const LANDLORD_CURRENT_PROPERTIES = productStatement('properties.landlord-current-properties');
const LANDLORD_PROPERTIES = productStatement('properties.landlord-properties');
const PROPERTY_BY_ID = productStatement('properties.property-by-id');
const CURRENT_TENANT_COUNTS = productStatement('tenants.current-tenant-counts');
const CURRENT_TENANCIES = productStatement('tenants.current-tenancies');
const USER_VIEWS = productStatement('accounts.user-views');
const TENANT_PAYMENTS = productStatement('payments.tenant-payments');
const RECEIPT = productStatement('payments.receipt');
const PROPERTY_LINES = productStatement('statements.property-lines');
const LANDLORD_TIME_ZONE = productStatement('statements.landlord-time-zone');
const RENT_HISTORY = productStatement('properties.rent-history');
const RENT_HISTORIES = productStatement('properties.rent-histories');
const TENANCIES_OF_PROPERTIES = productStatement('tenants.tenancies-of-properties');
const PROPERTY_TENANCIES = productStatement('tenants.property-tenancies');
const CURRENT_TENANCY = productStatement('tenants.current-tenancy');
const TENANT_JOURNALS = productStatement('payments.tenant-journals');

// The yearly statement's baseline computes it on every read, with SQL of its own (the product
// remembers it, decision 0024): only the lines that can count in the year, and each property's first
// and last line month.
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
const LINE_COLUMNS = `journal_id, kind, landlord_user_id, property_id, tenant_user_id, occurred_at, counts_at, billing_year, billing_month,
  gross_cents, platform_fee_cents, received_cents, processing_cents, processor_fee_cents, charged_cents, description, corrects_journal_id`;
// The times as ISO text, as the product reads them (server/src/infrastructure/database/iso-timestamp.ts).
const isoText = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const LINE_SELECT = LINE_COLUMNS.replace(/\boccurred_at\b/, isoText('occurred_at')).replace(/\bcounts_at\b/, isoText('counts_at'));
const LANDLORD_YEAR_LINES = {
  name: 'statements.landlord-year-lines',
  text: oneLine(`SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND billing_year = $2
   UNION ALL
   SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND occurred_at >= $3 AND occurred_at < $4 AND billing_year <> $2
   UNION ALL
   SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND counts_at IS NOT NULL AND counts_at >= $3 AND counts_at < $4 AND billing_year <> $2
      AND NOT (occurred_at >= $3 AND occurred_at < $4)
   ORDER BY occurred_at, journal_id`),
};
const LANDLORD_LINE_SPANS = {
  name: 'statements.landlord-line-spans',
  text: oneLine(`SELECT p.property_id, f.first_month, l.last_month
     FROM unnest($2::uuid[]) AS p(property_id)
    CROSS JOIN LATERAL (SELECT s.billing_year * 12 + s.billing_month - 1 AS first_month FROM statements.statement_lines s
                         WHERE s.property_id = p.property_id AND s.landlord_user_id = $1 ORDER BY s.billing_year, s.billing_month LIMIT 1) f
    CROSS JOIN LATERAL (SELECT s.billing_year * 12 + s.billing_month - 1 AS last_month FROM statements.statement_lines s
                         WHERE s.property_id = p.property_id AND s.landlord_user_id = $1 ORDER BY s.occurred_at DESC, s.journal_id DESC LIMIT 1) l`),
};

const plainRows = async (statement, values) => (await pool.query({ ...statement, values })).rows;
/**
 * With BENCH_EXPLAIN set (bench/explain.js), each statement's plan as it runs, with the same values
 * (EXPLAIN (ANALYZE, BUFFERS): planned for these values, where a prepared statement may settle on a
 * generic plan after its fifth run), as one JSON line on stdout. Chosen once, so the measured baseline
 * runs plainRows.
 */
async function explainingRows(statement, values) {
  const plan = await pool.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, values });
  console.log(JSON.stringify({ statement: statement.name, plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') }));
  return plainRows(statement, values);
}
const rows = process.env.BENCH_EXPLAIN ? explainingRows : plainRows;

function sessionToken(request) {
  const match = /(?:^|;\s*)rw_session=([^;]*)/.exec(request.headers.cookie ?? '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

async function signedIn(request) {
  const token = sessionToken(request);
  if (!token) return null;
  const [row] = await rows(LIVE_SESSION, [createHash('sha256').update(token, 'utf8').digest()]);
  const now = Date.now();
  if (!row || row.revoked_at || now >= row.expires_at.getTime() || now - row.last_seen_at.getTime() >= IDLE_MS) return null;
  return row.status === 'active' ? row : null;
}

const userView = (row, id = row.user_id ?? row.id) => ({
  userId: id,
  type: row.type,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  photoUrl: row.photo_key ? `/api/account/photos/${row.photo_key}` : null,
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
});

const managedProperty = (row, tenantCount) => ({
  propertyId: row.id,
  address: row.address,
  line1: row.line1,
  line2: row.line2 ?? null,
  city: row.city,
  state: row.state,
  zip: row.zip,
  rentCents: row.rent_cents,
  tenantCount,
});

// Routes in a plugin registered after compression, so its onRoute hook sees them.
fastify.register(async (app) => {
  app.get('/api/account/validate', async (request) => {
    const session = await signedIn(request);
    return { status: 'success', isValid: Boolean(session), user: session ? userView(session) : null };
  });

  app.get('/api/landlord/properties', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'landlord') return reply.code(401).send({ status: 'error', error: 'Sign in again.' });
    const properties = await rows(LANDLORD_CURRENT_PROPERTIES, [session.user_id]);
    if (properties.length === 0) return { status: 'success', rows: [] };
    const counts = Object.fromEntries(properties.map((p) => [p.id, 0]));
    for (const row of await rows(CURRENT_TENANT_COUNTS, [properties.map((p) => p.id)])) counts[row.property_id] = row.tenants;
    return { status: 'success', rows: properties.map((p) => managedProperty(p, counts[p.id])) };
  });

  app.get('/api/landlord/properties/:propertyId/tenants', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'landlord') return reply.code(401).send({ status: 'error', error: 'Sign in again.' });
    const [property] = await rows(PROPERTY_BY_ID, [request.params.propertyId]);
    if (!property || property.landlord_user_id !== session.user_id || property.archived_at) {
      return reply.code(404).send({ status: 'error', error: 'Not found.' });
    }
    const tenancies = await rows(CURRENT_TENANCIES, [property.id, session.user_id]);
    const users = tenancies.length ? await rows(USER_VIEWS, [tenancies.map((tenancy) => tenancy.tenant_user_id)]) : [];
    const tenants = [];
    for (const tenancy of tenancies) {
      const user = users.find((found) => found.id === tenancy.tenant_user_id);
      if (!user) continue;
      const view = userView(user);
      tenants.push({
        tenantId: tenancy.tenant_user_id,
        propertyId: tenancy.property_id,
        firstName: view.firstName,
        lastName: view.lastName,
        email: view.email,
        phone: view.phone,
        hasSignedIn: view.lastLoginAt !== null,
        startedAt: tenancy.started_at.toISOString(),
      });
    }
    return {
      status: 'success',
      property: { propertyId: property.id, address: property.address, rentCents: property.rent_cents },
      rows: tenants,
    };
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const notSignedIn = (reply) => reply.code(401).send({ status: 'error', error: 'Sign in again.' });
  const notFound = (reply) => reply.code(404).send({ status: 'error', error: 'Not found.' });

  const statusOf = (row) => paymentStatusOf(paymentCorrectionsOf(row));


  app.get('/api/tenant/payments', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'tenant') return notSignedIn(reply);
    const payments = await rows(TENANT_PAYMENTS, [session.user_id]);
    return {
      status: 'success',
      rows: payments.map((row) => ({
        receiptId: row.id,
        paidAt: row.occurred_at.toISOString(),
        chargedCents: Number(row.charged_cents),
        description: row.description,
        status: statusOf(row),
      })),
    };
  });

  app.get('/api/tenant/balance', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'tenant') return notSignedIn(reply);
    const [tenancy] = await rows(CURRENT_TENANCY, [session.user_id]);
    if (!tenancy) return notFound(reply);
    const [property] = await rows(PROPERTY_BY_ID, [tenancy.property_id]);
    if (!property) return notFound(reply);
    const [journals, [zone], payments] = await Promise.all([
      rows(TENANT_JOURNALS, [session.user_id, tenancy.property_id]),
      rows(LANDLORD_TIME_ZONE, [tenancy.landlord_user_id]),
      rows(TENANT_PAYMENTS, [session.user_id]),
    ]);
    const timeZone = zone?.time_zone ?? DEFAULT_TIME_ZONE;
    const balanceCents = tenantBalanceCents(
      journals.map((row) => ({
        journalId: row.id,
        kind: row.kind,
        occurredAt: row.occurred_at,
        description: row.description,
        receivableCents: Number(row.receivable_cents),
        paidCents: Number(row.paid_cents),
        tenantFeeCents: row.tenant_fee_cents === null ? null : Number(row.tenant_fee_cents),
        correctsJournalId: row.corrects_transaction_id,
      })),
    );
    const now = new Date();
    const thisMonth = localYearMonthAt(now, timeZone);
    const nextDueAt = [thisMonth, shiftBillingMonth(thisMonth, 1)]
      .map((month) => rentDueAt(month, property.rent_due_day, timeZone))
      .find((dueAt) => dueAt.getTime() > now.getTime());
    const [last] = payments;
    return {
      status: 'success',
      balance: {
        balanceCents,
        nextDue: { dueAt: nextDueAt.toISOString(), amountCents: property.rent_cents },
        lastPayment: last
          ? { receiptId: last.id, paidAt: last.occurred_at.toISOString(), chargedCents: Number(last.charged_cents), description: last.description, status: statusOf(last), failureReason: null }
          : null,
      },
    };
  });

  async function receipt(request, reply, viewerType) {
    const session = await signedIn(request);
    if (!session || session.type !== viewerType) return notSignedIn(reply);
    const { receiptId } = request.params;
    if (!UUID.test(receiptId)) return notFound(reply);
    const [row] = await rows(RECEIPT, [receiptId]);
    const mode = !row ? null : row.tenant_user_id === session.user_id ? 'tenant' : row.landlord_user_id === session.user_id ? 'landlord' : null;
    if (mode !== viewerType) return notFound(reply);
    // The receipt's row carries what is left to refund (the landlord's refund option); the bench's payments have no refunds to list.
    const [users, property] = await Promise.all([
      rows(USER_VIEWS, [[row.tenant_user_id, row.landlord_user_id]]),
      rows(PROPERTY_BY_ID, [row.property_id]).then(([found]) => found),
    ]);
    const tenant = users.find((user) => user.id === row.tenant_user_id);
    const landlord = users.find((user) => user.id === row.landlord_user_id);
    const fullName = (user) => (user ? `${user.first_name} ${user.last_name}` : 'Unknown');
    return {
      status: 'success',
      receipt: {
        receiptId: row.id,
        mode,
        status: RECEIPT_STATUS_WORDS[statusOf(row)],
        amountCents: Number(mode === 'tenant' ? row.charged_cents : row.landlord_cents),
        paidAt: row.occurred_at.toISOString(),
        paidBy: fullName(tenant),
        paidTo: fullName(landlord),
        paymentMethod: paymentMethodLabel(row.card_brand, row.card_last4),
        transactionId: row.id,
        propertyAddress: property?.address ?? '',
        description: row.description,
        landlordContact: mode === 'tenant' && landlord ? { name: fullName(landlord), email: landlord.email, phone: landlord.phone } : null,
      },
    };
  }
  app.get('/api/tenant/payments/:receiptId', (request, reply) => receipt(request, reply, 'tenant'));
  app.get('/api/landlord/payments/:receiptId', (request, reply) => receipt(request, reply, 'landlord'));

  const lineOf = (row) => ({
    journalId: row.journal_id,
    kind: row.kind,
    landlordUserId: row.landlord_user_id,
    propertyId: row.property_id,
    tenantUserId: row.tenant_user_id,
    occurredAt: row.occurred_at,
    countsAt: row.counts_at ?? row.occurred_at,
    billingYear: row.billing_year,
    billingMonth: row.billing_month,
    grossCents: Number(row.gross_cents),
    platformFeeCents: Number(row.platform_fee_cents),
    receivedCents: Number(row.received_cents),
    processingCents: Number(row.processing_cents),
    processorFeeCents: Number(row.processor_fee_cents),
    chargedCents: Number(row.charged_cents),
    description: row.description,
    correctsJournalId: row.corrects_journal_id,
  });

  // StatementReader.history: a property's lines, rent history and tenancies, one query after another.
  async function history(property, timeZone) {
    const lines = (await rows(PROPERTY_LINES, [property.landlord_user_id, property.id])).map(lineOf);
    const rentHistory = (await rows(RENT_HISTORY, [property.id])).map(rentPeriodOf);
    const tenancies = (await rows(PROPERTY_TENANCIES, [property.id])).map(tenancyOf);
    return historyOf(property, timeZone, lines, rentHistory, tenancies);
  }
  const rentPeriodOf = (row) => ({ rentCents: row.rent_cents, effectiveFrom: row.effective_from.toISOString() });
  const tenancyOf = (row) => ({ tenantUserId: row.tenant_user_id, startedAt: row.started_at.toISOString(), endedAt: row.ended_at?.toISOString() ?? null });
  const groupBy = (items, keyOf) => {
    const groups = new Map();
    for (const item of items) {
      const key = keyOf(item);
      if (groups.has(key)) groups.get(key).push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };

  const earlier = (a, b) => (compareBillingMonths(b, a) < 0 ? b : a);
  const monthOfIndex = (index) => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

  // StatementReader.historyOf; with `only`, that year's months from that year's lines and the span.
  function historyOf(property, timeZone, lines, rentHistory, tenancies, only) {
    const current = billingMonthOf(new Date(), timeZone);
    const lineMonth = (line) => billingMonthOf(new Date(line.occurredAt), timeZone);
    const firstLine = only ? only.span?.first : lines.length ? lines.map(lineMonth).reduce(earlier) : undefined;
    const starts = [...tenancies.map((t) => billingMonthOf(new Date(t.startedAt), timeZone)), ...(firstLine ? [firstLine] : [])];
    const from = starts.length ? starts.reduce(earlier) : billingMonthOf(property.created_at, timeZone);
    const last = only ? only.span?.last : lines.length ? lineMonth(lines[lines.length - 1]) : undefined;
    const lastLine = last ?? current;
    const through = compareBillingMonths(lastLine, current) > 0 ? lastLine : current;
    const firstTenancy = tenancies.length ? billingMonthOf(new Date(tenancies[0].startedAt), timeZone) : null;
    const stays = tenancies.map((t) => ({ startedAtMs: Date.parse(t.startedAt), endedAtMs: t.endedAt === null ? Infinity : Date.parse(t.endedAt) }));
    const rentIsDue = (month) => {
      if (!firstTenancy || compareBillingMonths(month, firstTenancy) < 0) return true;
      const { startsAt, endsBefore } = billingMonthRange(month.year, month.month, timeZone);
      return stays.some((stay) => stay.startedAtMs < endsBefore.getTime() && stay.endedAtMs >= startsAt.getTime());
    };
    if (!only) return { property, lines, months: monthRows({ from, through, lines, rentHistory, timeZone, rentIsDue }) };
    const january = { year: only.year, month: 1 };
    const december = { year: only.year, month: 12 };
    const first = compareBillingMonths(from, january) > 0 ? from : january;
    const final = compareBillingMonths(through, december) < 0 ? through : december;
    const months = compareBillingMonths(first, final) <= 0 ? monthRows({ from: first, through: final, lines, rentHistory, timeZone, rentIsDue }) : [];
    return { property, lines, months };
  }

  // StatementReader.yearHistories.
  async function yearHistories(properties, timeZone, year) {
    if (properties.length === 0) return [];
    const landlordUserId = properties[0].landlord_user_id;
    const ids = properties.map((property) => property.id);
    const DAY_MS = 86_400_000;
    const window = [new Date(Date.UTC(year, 0, 1) - DAY_MS), new Date(Date.UTC(year + 1, 0, 1) + DAY_MS)];
    const lines = groupBy((await rows(LANDLORD_YEAR_LINES, [landlordUserId, year, window[0], window[1]])).map(lineOf), (line) => line.propertyId);
    const spans = new Map(
      (await rows(LANDLORD_LINE_SPANS, [landlordUserId, ids])).map((row) => [row.property_id, { first: monthOfIndex(row.first_month), last: monthOfIndex(row.last_month) }]),
    );
    const rents = groupBy(await rows(RENT_HISTORIES, [ids]), (row) => row.property_id);
    const tenancies = groupBy(await rows(TENANCIES_OF_PROPERTIES, [ids]), (row) => row.property_id);
    return properties.map((property) =>
      historyOf(property, timeZone, lines.get(property.id) ?? [], (rents.get(property.id) ?? []).map(rentPeriodOf), (tenancies.get(property.id) ?? []).map(tenancyOf), {
        year,
        span: spans.get(property.id),
      }),
    );
  }

  const landlordTimeZone = async (userId) => (await rows(LANDLORD_TIME_ZONE, [userId]))[0]?.time_zone ?? DEFAULT_TIME_ZONE;

  // StatementReader.overview, with the same queries one after another.
  app.get('/api/landlord/statements/properties/:propertyId/months', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'landlord') return notSignedIn(reply);
    const { propertyId } = request.params;
    if (!UUID.test(propertyId)) return notFound(reply);
    const [property] = await rows(PROPERTY_BY_ID, [propertyId]);
    if (!property || property.landlord_user_id !== session.user_id) return notFound(reply);
    const timeZone = await landlordTimeZone(session.user_id);
    const { months } = await history(property, timeZone);
    return {
      status: 'success',
      overview: {
        property: { propertyId: property.id, address: property.address, rentCents: property.rent_cents, archived: property.archived_at !== null },
        timeZone,
        months: [...months].reverse().map((row) => ({
          year: row.year,
          month: row.month,
          label: billingMonthLabel(row),
          rentDueCents: row.rentDueCents,
          lateFeesCents: row.lateFeesCents,
          receivedCents: row.receivedCents,
          processingCents: row.processingCents,
          stillDueCents: row.stillDueCents,
          fullAmountReceived: row.fullAmountReceived,
          payments: row.payments,
        })),
      },
    };
  });
  // StatementReader.statement for a whole year of all the landlord's properties (?year= only), with
  // the same queries one after another (yearHistories) and the same pure rules; the product's JSON shape.
  // Computed on every request: the product remembers it by what it was made from (decision 0024).
  const MONEY = ['rentDueCents', 'lateFeesCents', 'grossCents', 'platformFeeCents', 'receivedCents', 'processingCents', 'processorFeeCents', 'netCents', 'stillDueCents'];
  const zeroRow = (label) => ({ label, ...Object.fromEntries(MONEY.map((key) => [key, 0])) });
  const addToRow = (row, month) => {
    for (const key of MONEY) row[key] += month[key];
    return row;
  };
  app.get('/api/landlord/statements/statement', async (request, reply) => {
    const session = await signedIn(request);
    if (!session || session.type !== 'landlord') return notSignedIn(reply);
    const year = Number(request.query.year);
    if (!Number.isInteger(year) || request.query.month || request.query.propertyId) return reply.code(400).send({ status: 'error', error: 'Only ?year= here.' });
    const properties = await rows(LANDLORD_PROPERTIES, [session.user_id]);
    const timeZone = await landlordTimeZone(session.user_id);
    const all = await yearHistories(properties, timeZone, year);
    const statementRows = Array.from({ length: 12 }, (_, index) => index + 1)
      .map((month) => {
        const matching = all.flatMap((h) => h.months.filter((row) => row.year === year && row.month === month));
        return matching.length === 0 ? null : matching.reduce(addToRow, { ...zeroRow(billingMonthLabel({ year, month })), year, month });
      })
      .filter((row) => row !== null);
    const totals = statementRows.reduce((total, row) => addToRow(total, row), zeroRow('Total'));
    const byMonth = calendarMonthTotals(all.flatMap((h) => h.lines), year, timeZone);
    const sum = (key) => byMonth.reduce((total, month) => total + month[key], 0);
    return {
      status: 'success',
      statement: {
        kind: 'yearly',
        year,
        month: null,
        propertyId: null,
        scopeLabel: 'All properties',
        periodLabel: String(year),
        periodInWords: yearPeriodInWords(year),
        timeZone,
        generatedAt: new Date().toISOString(),
        rows: statementRows,
        totals,
        payments: [],
        calendarYear: {
          rows: byMonth.map((t, index) => ({
            label: `${monthName(index + 1)} ${year}`,
            grossCents: t.grossCents,
            platformFeeCents: t.platformFeeCents,
            receivedCents: t.receivedCents,
            processingCents: t.processingCents,
            processorFeeCents: t.processorFeeCents,
            netCents: t.netCents,
          })),
          totals: {
            label: 'Total',
            grossCents: sum('grossCents'),
            platformFeeCents: sum('platformFeeCents'),
            receivedCents: sum('receivedCents'),
            processingCents: sum('processingCents'),
            processorFeeCents: sum('processorFeeCents'),
            netCents: sum('netCents'),
          },
        },
      },
    };
  });
});

fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
process.on('SIGTERM', () => fastify.close().then(() => pool.end()).then(() => process.exit(0)));
