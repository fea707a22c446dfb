// The read paths the bench measures (bench/http.js) and explains (bench/explain.js): each one's name
// in the results, its bare baseline, whose signed-in people ask it, and the address a person asks.
const { LANDLORDS, TENANTS, landlord, tenant } = require('./data');

const landlords = Array.from({ length: LANDLORDS }, (_, i) => landlord(i + 1));
const tenants = Array.from({ length: TENANTS }, (_, i) => tenant(i + 1));

const READ_PATHS = {
  'validate-signed-out': { path: 'GET /api/account/validate, signed out (no database)', baseline: 'hello', people: null, address: () => '/api/account/validate' },
  validate: { path: 'GET /api/account/validate, signed in (session lookup)', baseline: 'pg', people: landlords, address: () => '/api/account/validate' },
  properties: { path: 'GET /api/landlord/properties (10 properties)', baseline: 'pg', people: landlords, address: () => '/api/landlord/properties' },
  tenants: {
    path: 'GET /api/landlord/properties/:id/tenants (1-3 tenants)',
    baseline: 'pg',
    people: landlords,
    address: (person) => `/api/landlord/properties/${person.propertyIds[Number(person.userId.slice(-1).charCodeAt(0)) % 10]}/tenants`,
  },
  payments: { path: 'GET /api/tenant/payments (about 33 payments)', baseline: 'pg', people: tenants, address: () => '/api/tenant/payments' },
  balance: { path: 'GET /api/tenant/balance (about 33 charges and 33 payments)', baseline: 'pg', people: tenants, address: () => '/api/tenant/balance' },
  'tenant-receipt': { path: 'GET /api/tenant/payments/:id (receipt)', baseline: 'pg', people: tenants, address: (person) => `/api/tenant/payments/${person.receiptId}` },
  'landlord-receipt': {
    path: 'GET /api/landlord/payments/:id (receipt)',
    baseline: 'pg',
    people: landlords,
    address: (person) => `/api/landlord/payments/${person.receiptId}`,
  },
  months: {
    path: 'GET .../statements/properties/:id/months (10 years)',
    baseline: 'pg',
    people: landlords,
    address: (person) => `/api/landlord/statements/properties/${person.propertyIds[0]}/months`,
  },
};

/** A path's name, checked. */
function readPath(name) {
  const found = READ_PATHS[name];
  if (!found) throw new Error(`Unknown path ${name}; known: ${Object.keys(READ_PATHS).join(', ')}`);
  return found;
}

module.exports = { READ_PATHS, readPath };
