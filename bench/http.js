// The product against bare baselines doing the same work, on the generated bench database (bench/data.js).
// Usage: npm run bench [-- --duration 10 --runs 3 --processes 2 --connections 20,64 --paths validate,properties
//                          --regenerate --no-lighthouse --lighthouse-only]
// Each path and connection count: `runs` alternating rounds of product and baseline, shared out over
// `processes` fresh starts of the servers, each warmed up first.
// The headline is CPU per request (issue 39): what the server process and the PostgreSQL backends
// serving it spent (utime + stime from /proc) over the round, divided by the requests it answered, with
// the servers pinned to one core and this process (autocannon) to the other; the shared machine's
// speed moves it far less than req/s. Medians are reported with their spread (min-max over rounds).
// Prints a table with each path's target check and writes bench/results.json (results-<N>x.json at --scale N).
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { cpus } = require('node:os');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { ensureBenchDatabase, refreshSessions } = require('./data');
const { readPath } = require('./read-paths');
const { CORES, RESULTS, SCALE, cpuFields, cpuMeter, cpuPerUnit, ensurePortFree, median, recordResults, spread, startBaseline, stopOnExit, stopProcess } = require('./support');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    // Fresh server processes the rounds are shared out over (each warmed up again).
    processes: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20,64' },
    paths: { type: 'string', default: 'validate-signed-out,validate,properties,tenants,payments,balance,tenant-receipt,landlord-receipt,months' },
    regenerate: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    // Lighthouse alone, on the product with the bench data and live sessions: no load, no results written.
    'lighthouse-only': { type: 'boolean', default: false },
  },
});
const root = resolve(__dirname, '..');
const PORTS = { product: 3300, hello: 3301, pg: 3302 };
const url = (port) => `http://127.0.0.1:${port}`;

/** autocannon's options for a path: each request is the next person's, so sessions and rows come from all over the tables. */
function loadOptions({ people, address }) {
  if (!people) return { path: address() };
  let next = 0;
  const setupRequest = (request) => {
    const person = people[next++ % people.length];
    return { ...request, path: address(person), headers: { ...request.headers, cookie: `rw_session=${person.sessionToken}` } };
  };
  return { requests: [{ setupRequest }] };
}

function load(port, options, connections, duration) {
  return new Promise((done, fail) => {
    const { path = '', ...rest } = options;
    // Like a browser: compressed answers welcome (both servers compress JSON of 1 KB or more).
    const headers = { 'accept-encoding': 'gzip, br' };
    autocannon({ url: url(port) + path, connections, duration, headers, ...rest }, (error, result) => {
      if (error) return fail(error);
      if (result.non2xx || result.errors) return fail(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors on ${url(port)}`));
      done({ rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total });
    });
  });
}

async function waitUntilUp(address) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(address).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${address} did not come up`);
}

/** Targets of CPU per request against the baseline's (issue 39). */
const CPU_TARGET = { hello: 2.5, pg: 1.4 };

/** One round: `duration` seconds of load on a server, with its CPU and its database's per request answered. */
async function round(server, options, connections, duration) {
  const stopMeter = server.meter.start();
  const result = await load(server.port, options, connections, duration);
  return { ...result, ...cpuPerUnit(stopMeter(), result.requests) };
}

const rounded = (numbers) => numbers.map((n) => Math.round(n));

async function main() {
  const ownerBase = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL;
  const database = await ensureBenchDatabase({ ownerUrl: ownerBase, appUrl: process.env.DATABASE_URL, regenerate: values.regenerate });
  await refreshSessions(database.ownerUrl);
  const databaseName = new URL(database.appUrl).pathname.slice(1);

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
    // As deployed (decision 0004): the relay and the queue workers run in the worker process, so their
    // polling is not counted in the API's CPU per request.
    RUN_WORKERS: 'false',
    DEV_SMTP_PORT: '0',
  };
  /** The product and both baselines, fresh processes, each with its CPU meter. */
  async function startServers() {
    for (const port of Object.values(PORTS)) await ensurePortFree(port);
    const children = {
      product: stopOnExit(spawn(process.execPath, [resolve(root, 'server/dist/main.js')], { env: productEnv, stdio: ['ignore', 'ignore', 'inherit'] })),
      hello: await startBaseline('hello', PORTS.hello),
      pg: await startBaseline('pg-server', PORTS.pg, { DATABASE_URL: database.appUrl }),
    };
    const servers = Object.fromEntries(
      Object.entries(children).map(([name, child]) => [name, { port: PORTS[name], meter: cpuMeter({ serverPid: child.pid, database: databaseName }) }]),
    );
    return { servers, stop: () => Promise.all(Object.values(children).map(stopProcess)) };
  }

  if (values['lighthouse-only']) {
    await ensurePortFree(PORTS.product);
    const product = stopOnExit(spawn(process.execPath, [resolve(root, 'server/dist/main.js')], { env: productEnv, stdio: ['ignore', 'ignore', 'inherit'] }));
    try {
      await waitUntilUp(`${url(PORTS.product)}/api/account/validate`);
      await require('./lighthouse').run({ port: PORTS.product });
    } finally {
      await stopProcess(product);
    }
    return;
  }

  const duration = Number(values.duration);
  const processes = Number(values.processes);
  // The rounds are shared out over the processes: a process's JIT and memory layout move its figures too.
  const roundsPerProcess = Math.ceil(Number(values.runs) / processes);
  const measured = new Map();
  for (let generation = 0; generation < processes; generation++) {
    const { servers, stop } = await startServers();
    try {
      await Promise.all([PORTS.product, PORTS.hello, PORTS.pg].map((port) => waitUntilUp(`${url(port)}/api/account/validate`)));
      for (const name of values.paths.split(',')) {
        const scenario = readPath(name);
        const options = loadOptions(scenario);
        for (const connections of values.connections.split(',').map(Number)) {
          const key = `${name} ${connections}`;
          if (!measured.has(key)) measured.set(key, { scenario, connections, product: [], base: [] });
          const { product, base } = measured.get(key);
          const baseline = servers[scenario.baseline];
          await load(PORTS.product, options, connections, Number(values.warmup));
          await load(baseline.port, options, connections, Number(values.warmup));
          for (let run = 0; run < roundsPerProcess; run++) {
            product.push(await round(servers.product, options, connections, duration));
            base.push(await round(baseline, options, connections, duration));
          }
          const last = product.length - 1;
          console.log(
            `${scenario.path}, ${connections} connections, process ${generation + 1} of ${processes}: CPU ${Math.round(product[last].cpuUs)} vs ` +
              `${Math.round(base[last].cpuUs)} µs a request, ${Math.round(product[last].rps)} vs ${Math.round(base[last].rps)} req/s (last round)`,
          );
        }
      }
      if (generation === processes - 1 && !values['no-lighthouse']) await require('./lighthouse').run({ port: PORTS.product });
    } finally {
      await stop();
    }
  }
  const results = [...measured.values()].map(({ scenario, connections, product, base }) => {
    const row = {
      path: scenario.path,
      connections,
      product_rps: Math.round(median(product.map((r) => r.rps))),
      product_rps_spread: rounded(spread(product.map((r) => r.rps))),
      baseline_rps: Math.round(median(base.map((r) => r.rps))),
      baseline_rps_spread: rounded(spread(base.map((r) => r.rps))),
      p99_ms: median(product.map((r) => r.p99)),
      baseline_p99_ms: median(base.map((r) => r.p99)),
      ...cpuFields(product, base),
      target: CPU_TARGET[scenario.baseline],
    };
    row.met = row.ratio <= row.target;
    return row;
  });
  printAndSave(results, roundsPerProcess * processes);
}

const range = ([min, max]) => `${min}-${max}`;

function printAndSave(results, rounds) {
  const pinned = CORES ? `servers and their PostgreSQL backends on core ${CORES.server}, autocannon on core ${CORES.load}` : 'unpinned (one core or no taskset)';
  console.log(
    `\nMedians of ${rounds} rounds of ${values.duration} s (over ${values.processes} server processes, each warmed up ${values.warmup} s; spread: min-max over rounds), ` +
      `${cpus().length} cores, ${pinned}, Node ${process.version}, data at ${SCALE}x`,
  );
  console.log('CPU µs a request = the server process\'s + its PostgreSQL backends\' (utime + stime); ratio = product ÷ baseline CPU');
  console.log(
    'path'.padEnd(58),
    'conns'.padStart(5),
    'CPU µs (spread)'.padStart(17),
    'api+pg'.padStart(9),
    'base µs (spread)'.padStart(17),
    'ratio'.padStart(6),
    'target'.padStart(11),
    'req/s (spread)'.padStart(19),
    'base req/s'.padStart(11),
    'p99 ms'.padStart(7),
  );
  for (const row of results) {
    console.log(
      row.path.padEnd(58),
      String(row.connections).padStart(5),
      `${row.cpu_us_product} (${range(row.cpu_us_product_spread)})`.padStart(17),
      `${row.cpu_us_product_api}+${row.cpu_us_product_postgres}`.padStart(9),
      `${row.cpu_us_baseline} (${range(row.cpu_us_baseline_spread)})`.padStart(17),
      row.ratio.toFixed(2).padStart(6),
      `≤${row.target} ${row.met ? 'met' : 'MISSED'}`.padStart(11),
      `${row.product_rps} (${range(row.product_rps_spread)})`.padStart(19),
      String(row.baseline_rps).padStart(11),
      String(row.p99_ms).padStart(7),
    );
  }
  // Replaces this script's rows and keeps the other parts' (bench/payments.js, webhooks.js, statements.js).
  recordResults(results);
  console.log(`\nWrote ${RESULTS}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
