// The product against bare baselines doing the same work, on the generated bench database (bench/data.js).
// Usage: npm run bench [-- --duration 10 --runs 3 --connections 20,64 --paths validate,properties
//                          --regenerate --no-lighthouse]
// Each path and connection count: a warm-up, then `runs` alternating runs of product and baseline;
// medians are reported. Prints a table and writes bench/results.json.
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { cpus } = require('node:os');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { LANDLORDS, TENANTS, landlord, tenant, ensureBenchDatabase, refreshSessions } = require('./data');
const { ensurePortFree, recordResults, startBaseline, stopOnExit } = require('./support');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20,64' },
    paths: { type: 'string', default: 'validate-signed-out,validate,properties,tenants,payments,balance,tenant-receipt,landlord-receipt,months' },
    regenerate: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const root = resolve(__dirname, '..');
const PORTS = { product: 3300, hello: 3301, pg: 3302 };
const url = (port) => `http://127.0.0.1:${port}`;

const landlords = Array.from({ length: LANDLORDS }, (_, i) => landlord(i + 1));
const tenants = Array.from({ length: TENANTS }, (_, i) => tenant(i + 1));
/** Each request is the next person's, so sessions and rows come from all over the tables. */
function asEach(people, pathOf) {
  let next = 0;
  return {
    requests: [
      {
        setupRequest: (request) => {
          const person = people[next++ % people.length];
          return { ...request, path: pathOf(person), headers: { ...request.headers, cookie: `rw_session=${person.sessionToken}` } };
        },
      },
    ],
  };
}
const asLandlords = (pathOf) => asEach(landlords, pathOf);
const asTenants = (pathOf) => asEach(tenants, pathOf);

const SCENARIOS = {
  'validate-signed-out': { path: 'GET /api/account/validate, signed out (no database)', baseline: 'hello', options: { path: '/api/account/validate' } },
  validate: {
    path: 'GET /api/account/validate, signed in (session lookup)',
    baseline: 'pg',
    options: asLandlords(() => '/api/account/validate'),
  },
  properties: {
    path: 'GET /api/landlord/properties (10 properties)',
    baseline: 'pg',
    options: asLandlords(() => '/api/landlord/properties'),
  },
  tenants: {
    path: 'GET /api/landlord/properties/:id/tenants (1-3 tenants)',
    baseline: 'pg',
    options: asLandlords((person) => `/api/landlord/properties/${person.propertyIds[Number(person.userId.slice(-1).charCodeAt(0)) % 10]}/tenants`),
  },
  payments: {
    path: 'GET /api/tenant/payments (about 33 payments)',
    baseline: 'pg',
    options: asTenants(() => '/api/tenant/payments'),
  },
  balance: {
    path: 'GET /api/tenant/balance (about 33 charges and 33 payments)',
    baseline: 'pg',
    options: asTenants(() => '/api/tenant/balance'),
  },
  'tenant-receipt': {
    path: 'GET /api/tenant/payments/:id (receipt)',
    baseline: 'pg',
    options: asTenants((person) => `/api/tenant/payments/${person.receiptId}`),
  },
  'landlord-receipt': {
    path: 'GET /api/landlord/payments/:id (receipt)',
    baseline: 'pg',
    options: asLandlords((person) => `/api/landlord/payments/${person.receiptId}`),
  },
  months: {
    path: 'GET .../statements/properties/:id/months (10 years)',
    baseline: 'pg',
    options: asLandlords((person) => `/api/landlord/statements/properties/${person.propertyIds[0]}/months`),
  },
};

function load(port, options, connections, duration) {
  return new Promise((done, fail) => {
    const { path = '', ...rest } = options;
    // Like a browser: compressed answers welcome (both servers compress JSON of 1 KB or more).
    const headers = { 'accept-encoding': 'gzip, br' };
    autocannon({ url: url(port) + path, connections, duration, headers, ...rest }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx || result.errors) return fail(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors on ${url(port)}`));
      done({ rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

async function waitUntilUp(address) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(address).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${address} did not come up`);
}

async function main() {
  const ownerBase = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL;
  const database = await ensureBenchDatabase({ ownerUrl: ownerBase, appUrl: process.env.DATABASE_URL, regenerate: values.regenerate });
  await refreshSessions(database.ownerUrl);

  const productEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.appUrl,
    DATABASE_MIGRATION_URL: database.ownerUrl,
    PORT: String(PORTS.product),
    PUBLIC_URL: url(PORTS.product),
    HOST: '127.0.0.1',
    // As it runs for real: one access-log line per request (to /dev/null here).
    LOG_LEVEL: 'info',
    QUEUE_PREFIX: `bench-${process.pid}`,
    DEV_SMTP_PORT: '0',
  };
  for (const port of Object.values(PORTS)) await ensurePortFree(port);
  const children = [
    stopOnExit(spawn(process.execPath, [resolve(root, 'server/dist/main.js')], { env: productEnv, stdio: ['ignore', 'ignore', 'inherit'] })),
    await startBaseline('hello', PORTS.hello),
    await startBaseline('pg-server', PORTS.pg, { DATABASE_URL: database.appUrl }),
  ];
  const results = [];
  try {
    await Promise.all([PORTS.product, PORTS.hello, PORTS.pg].map((port) => waitUntilUp(`${url(port)}/api/account/validate`)));
    const duration = Number(values.duration);
    const runs = Number(values.runs);
    for (const name of values.paths.split(',')) {
      const scenario = SCENARIOS[name];
      if (!scenario) throw new Error(`Unknown path ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
      for (const connections of values.connections.split(',').map(Number)) {
        const baselinePort = PORTS[scenario.baseline];
        await load(PORTS.product, scenario.options, connections, Number(values.warmup));
        await load(baselinePort, scenario.options, connections, Number(values.warmup));
        const product = [];
        const baseline = [];
        for (let run = 0; run < runs; run++) {
          product.push(await load(PORTS.product, scenario.options, connections, duration));
          baseline.push(await load(baselinePort, scenario.options, connections, duration));
        }
        const row = {
          path: scenario.path,
          connections,
          product_rps: Math.round(median(product.map((r) => r.rps))),
          baseline_rps: Math.round(median(baseline.map((r) => r.rps))),
          ratio: 0,
          p99_ms: median(product.map((r) => r.p99)),
          baseline_p99_ms: median(baseline.map((r) => r.p99)),
        };
        row.ratio = Number((row.product_rps / row.baseline_rps).toFixed(2));
        results.push(row);
        console.log(`${row.path}, ${connections} connections: ${row.product_rps} vs ${row.baseline_rps} req/s (${row.ratio})`);
      }
    }
    printAndSave(results);
    if (!values['no-lighthouse']) await require('./lighthouse').run({ port: PORTS.product });
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

function printAndSave(results) {
  console.log(`\nMedians of ${values.runs} runs of ${values.duration} s after a ${values.warmup} s warm-up, ${cpus().length} cores shared with autocannon, Node ${process.version}`);
  console.log(
    'path'.padEnd(58),
    'conns'.padStart(5),
    'product'.padStart(9),
    'baseline'.padStart(9),
    'ratio'.padStart(6),
    'p99 ms'.padStart(7),
    'base p99'.padStart(9),
  );
  for (const row of results) {
    console.log(
      row.path.padEnd(58),
      String(row.connections).padStart(5),
      String(row.product_rps).padStart(9),
      String(row.baseline_rps).padStart(9),
      row.ratio.toFixed(2).padStart(6),
      String(row.p99_ms).padStart(7),
      String(row.baseline_p99_ms).padStart(9),
    );
  }
  // Replaces this script's rows and keeps the other parts' (bench/payments.js, webhooks.js, statements.js).
  recordResults(results);
  console.log('\nWrote bench/results.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
