// The database baseline: a bare Fastify server running the product's SQL for each read path through
// `pg` (the same named prepared statements, the same pool size), with none of the product's framework,
// guards, headers or logging. Answers have the product's JSON shape. Keep the SQL in step with:
//   accounts/sessions/session-store.ts, properties/properties/property-reads.ts,
//   tenants/queries/count-current-tenants.handler.ts and list-property-tenants.handler.ts,
//   accounts/queries/get-user.handler.ts.
const { createHash } = require('node:crypto');
const { Pool } = require('pg');
const fastify = require('fastify')({ logger: false });

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const IDLE_MS = 60 * 60 * 1000;

const LIVE_SESSION = {
  name: 'accounts.live-session',
  text: `SELECT s.id, s.user_id, s.token_hash, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, u.type, u.status, u.first_name, u.last_name, u.email, u.phone, u.photo_key, u.password_hash, u.activated_at, u.last_login_at, u.created_at AS user_created_at, u.updated_at AS user_updated_at FROM accounts.sessions s JOIN accounts.users u ON u.id = s.user_id WHERE s.token_hash = $1`,
};
const PROPERTY_COLUMNS = 'id, landlord_user_id, address, line1, line2, city, state, zip, rent_cents, archived_at, created_at, updated_at';
const LANDLORD_CURRENT_PROPERTIES = {
  name: 'properties.landlord-current-properties',
  text: `SELECT ${PROPERTY_COLUMNS} FROM properties.properties WHERE landlord_user_id = $1 AND archived_at IS NULL ORDER BY created_at, id`,
};
const PROPERTY_BY_ID = { name: 'properties.property-by-id', text: `SELECT ${PROPERTY_COLUMNS} FROM properties.properties WHERE id = $1` };
const CURRENT_TENANT_COUNTS = {
  name: 'tenants.current-tenant-counts',
  text: `SELECT property_id, count(*)::int AS tenants FROM tenants.tenancies WHERE ended_at IS NULL AND property_id = ANY($1::uuid[]) GROUP BY property_id`,
};
const CURRENT_TENANCIES = {
  name: 'tenants.current-tenancies',
  text: `SELECT tenant_user_id, property_id, started_at FROM tenants.tenancies WHERE property_id = $1 AND landlord_user_id = $2 AND ended_at IS NULL ORDER BY started_at, id`,
};
const USER_VIEW = {
  name: 'accounts.user-view',
  text: `SELECT id, type, first_name, last_name, email, phone, photo_key, last_login_at FROM accounts.users WHERE id = $1`,
};

const rows = async (statement, values) => (await pool.query({ ...statement, values })).rows;

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

fastify.get('/api/account/validate', async (request) => {
  const session = await signedIn(request);
  return { status: 'success', isValid: Boolean(session), user: session ? userView(session) : null };
});

fastify.get('/api/landlord/properties', async (request, reply) => {
  const session = await signedIn(request);
  if (!session || session.type !== 'landlord') return reply.code(401).send({ status: 'error', error: 'Sign in again.' });
  const properties = await rows(LANDLORD_CURRENT_PROPERTIES, [session.user_id]);
  if (properties.length === 0) return { status: 'success', rows: [] };
  const counts = Object.fromEntries(properties.map((p) => [p.id, 0]));
  for (const row of await rows(CURRENT_TENANT_COUNTS, [properties.map((p) => p.id)])) counts[row.property_id] = row.tenants;
  return { status: 'success', rows: properties.map((p) => managedProperty(p, counts[p.id])) };
});

fastify.get('/api/landlord/properties/:propertyId/tenants', async (request, reply) => {
  const session = await signedIn(request);
  if (!session || session.type !== 'landlord') return reply.code(401).send({ status: 'error', error: 'Sign in again.' });
  const [property] = await rows(PROPERTY_BY_ID, [request.params.propertyId]);
  if (!property || property.landlord_user_id !== session.user_id || property.archived_at) {
    return reply.code(404).send({ status: 'error', error: 'Not found.' });
  }
  const tenancies = await rows(CURRENT_TENANCIES, [property.id, session.user_id]);
  const tenants = [];
  for (const tenancy of tenancies) {
    const [user] = await rows(USER_VIEW, [tenancy.tenant_user_id]);
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

fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
process.on('SIGTERM', () => fastify.close().then(() => pool.end()).then(() => process.exit(0)));
