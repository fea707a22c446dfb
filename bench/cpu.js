// CPU time per request, product against baseline: what each server's process spent (utime + stime
// from /proc/<pid>/stat) over a fixed number of requests. Unlike req/s it barely moves when other
// work loads the machine, so it checks the ratios of bench/http.js on a busy day.
// Usage: node bench/cpu.js [--requests 3000] [--paths payments,months]  (after npm run bench built it)
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { LANDLORDS, TENANTS, landlord, tenant, ensureBenchDatabase, refreshSessions } = require('./data');
const { cpuSecondsOfProcess, ensurePortFree, startBaseline, stopOnExit } = require('./support');

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    paths: { type: 'string', default: 'validate-signed-out,validate,properties,tenants,payments,tenant-receipt,landlord-receipt,months' },
  },
});
const PORTS = { product: 3320, hello: 3321, pg: 3322 };
const landlords = Array.from({ length: LANDLORDS }, (_, i) => landlord(i + 1));
const tenants = Array.from({ length: TENANTS }, (_, i) => tenant(i + 1));

function asEach(people, pathOf) {
  let next = 0;
  const setupRequest = (request) => {
    const person = people[next++ % people.length];
    return { ...request, path: pathOf(person), headers: { ...request.headers, cookie: `rw_session=${person.sessionToken}` } };
  };
  return { requests: [{ setupRequest }] };
}

const PATHS = {
  // 10x the requests: at about 20-40 µs each, 3,000 would be a handful of 10 ms clock ticks.
  'validate-signed-out': ['hello', { path: '/api/account/validate' }, 10],
  validate: ['pg', asEach(landlords, () => '/api/account/validate')],
  properties: ['pg', asEach(landlords, () => '/api/landlord/properties')],
  tenants: ['pg', asEach(landlords, (person) => `/api/landlord/properties/${person.propertyIds[0]}/tenants`)],
  payments: ['pg', asEach(tenants, () => '/api/tenant/payments')],
  'tenant-receipt': ['pg', asEach(tenants, (person) => `/api/tenant/payments/${person.receiptId}`)],
  'landlord-receipt': ['pg', asEach(landlords, (person) => `/api/landlord/payments/${person.receiptId}`)],
  months: ['pg', asEach(landlords, (person) => `/api/landlord/statements/properties/${person.propertyIds[0]}/months`)],
};

function load(port, options, amount) {
  return new Promise((done, fail) => {
    const { path = '', ...rest } = options;
    const headers = { 'accept-encoding': 'gzip, br' };
    autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 16, amount, headers, ...rest }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx || result.errors) return fail(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors on port ${port}`));
      done();
    });
  });
}

async function main() {
  const database = await ensureBenchDatabase({
    ownerUrl: process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL,
    appUrl: process.env.DATABASE_URL,
  });
  await refreshSessions(database.ownerUrl);
  const productEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.appUrl,
    DATABASE_MIGRATION_URL: database.ownerUrl,
    PORT: String(PORTS.product),
    PUBLIC_URL: `http://127.0.0.1:${PORTS.product}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    QUEUE_PREFIX: `bench-cpu-${process.pid}`,
    DEV_SMTP_PORT: '0',
  };
  for (const port of Object.values(PORTS)) await ensurePortFree(port);
  const children = {
    product: stopOnExit(spawn(process.execPath, [resolve(__dirname, '../server/dist/main.js')], { env: productEnv, stdio: ['ignore', 'ignore', 'inherit'] })),
    hello: await startBaseline('hello', PORTS.hello),
    pg: await startBaseline('pg-server', PORTS.pg, { DATABASE_URL: database.appUrl }),
  };
  try {
    for (const port of Object.values(PORTS)) {
      for (let i = 0; i < 300; i++) {
        if (await fetch(`http://127.0.0.1:${port}/api/account/validate`).then((r) => r.ok, () => false)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const requests = Number(values.requests);
    console.log(`CPU per request (best of 2, ${requests} requests (signed-out: ${requests * 10}), 16 connections)`);
    for (const name of values.paths.split(',')) {
      const [baseline, options, scale = 1] = PATHS[name];
      const amount = requests * scale;
      const best = {};
      for (const server of ['product', baseline, 'product', baseline]) {
        const pid = children[server].pid;
        await load(PORTS[server], options, 300);
        const before = cpuSecondsOfProcess(pid);
        await load(PORTS[server], options, amount);
        best[server] = Math.min(best[server] ?? Infinity, ((cpuSecondsOfProcess(pid) - before) * 1_000_000) / amount);
      }
      console.log(
        `${name.padEnd(20)} product ${best.product.toFixed(0).padStart(5)} µs, ${baseline} ${best[baseline].toFixed(0).padStart(5)} µs: ${(best[baseline] / best.product).toFixed(2)}`,
      );
    }
  } finally {
    for (const child of Object.values(children)) child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
