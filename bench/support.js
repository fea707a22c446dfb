// Shared by the bench's money paths (payments, webhooks, statements): databases, the product process,
// timing helpers and bench/results.json, where each script replaces only its own rows.
const { execFileSync, fork, spawn } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const http = require('node:http');
const { createServer } = require('node:net');
const Redis = require('ioredis');
const { Client } = require('pg');

const root = resolve(__dirname, '..');

const withDatabase = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The stack's URLs (scripts/stack.sh up): the owner's (migrations, set-based data) and the app's. */
function stackUrls() {
  const appUrl = process.env.DATABASE_URL;
  if (!appUrl) throw new Error('DATABASE_URL is not set: run through npm run bench, or eval "$(bash scripts/stack.sh up)" first');
  return { ownerUrl: process.env.DATABASE_MIGRATION_URL || appUrl, appUrl };
}

function migrate(ownerUrl, appUrl) {
  execFileSync(process.execPath, [resolve(root, 'server/dist/cli/migrate.js')], {
    env: { ...process.env, DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl },
    stdio: 'ignore',
  });
}

/** A migrated database of the run's own (dropped by the returned drop()), so runs never add to the bench data. */
async function scratchDatabase(prefix) {
  const { ownerUrl, appUrl } = stackUrls();
  const name = `${prefix}_${process.pid}`;
  await withClient(withDatabase(ownerUrl, 'postgres'), (client) => client.query(`CREATE DATABASE "${name}"`));
  const database = { name, ownerUrl: withDatabase(ownerUrl, name), appUrl: withDatabase(appUrl, name) };
  migrate(database.ownerUrl, database.appUrl);
  database.drop = () =>
    withClient(withDatabase(ownerUrl, 'postgres'), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return database;
}

/**
 * ANALYZE, once a warm-up has written the money paths' first rows. A scratch database's tables start
 * empty, and the plans each pooled connection keeps for its prepared statements, triggers and foreign
 * keys are made from the statistics of that moment: on an empty table, a sequential scan, kept until
 * the table is next analyzed. Autovacuum's first visit to a new database comes up to a minute later,
 * and until then each new journal's checks read the whole ledger (110 million rows in one payments run).
 * A product that has been running has statistics; this gives the bench's database the same.
 */
const analyze = (database) => withClient(database.ownerUrl, (client) => client.query('ANALYZE'));

/**
 * The built API (server/dist/main.js) on a port, with the environment it would run with; refused
 * when the port is taken, and stopped when the bench exits.
 * BENCH_PRODUCT_NODE_ARGS adds node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' for a profile.
 */
async function startProduct({ port, database, env = {}, queuePrefix, script = 'main.js' }) {
  await ensurePortFree(port);
  const nodeArgs = (process.env.BENCH_PRODUCT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = stopOnExit(spawn(process.execPath, [...nodeArgs, resolve(root, 'server/dist', script)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.appUrl,
      DATABASE_MIGRATION_URL: database.ownerUrl,
      MIGRATE_ON_START: 'false',
      SERVE_CLIENT: 'false',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: queuePrefix,
      DEV_SMTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  const url = `http://127.0.0.1:${port}`;
  const ready = script === 'main.js' ? () => waitUntilUp(`${url}/api/account/validate`) : () => Promise.resolve();
  const databaseName = new URL(database.appUrl).pathname.slice(1);
  return { child, url, databaseName, ready, stop: () => stop(child).then(() => forgetQueues(queuePrefix)) };
}

/**
 * Removes a stopped product's BullMQ keys (its own QUEUE_PREFIX) from Redis: a bench leaves every
 * finished job behind (the webhook bench about 100,000 keys), and a large AOF rewrite under the next
 * bench's load moves its figures.
 */
async function forgetQueues(queuePrefix) {
  if (!queuePrefix || !process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${queuePrefix}:*`, count: 1000 })) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

async function waitUntilUp(address) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(address).then((r) => r.status < 500, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${address} did not come up`);
}

/**
 * Refuses a port another server holds. The benches start their servers on fixed ports, and a server
 * left there by a run that died would answer in place of this run's own, which would measure it.
 */
function ensurePortFree(port) {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`Port ${port} is taken (a server left by an earlier run?): free it first`)));
    probe.listen(port, '127.0.0.1', () => probe.close(resolvePort));
  });
}

/** Stops a started server when this process exits, also when it dies of an error no `finally` sees. */
function stopOnExit(child) {
  process.once('exit', () => child.kill('SIGTERM'));
  return child;
}

/** A bare baseline (bench/baselines/<name>.js) on a port, checked and stopped as startProduct's product is. */
async function startBaseline(name, port, env = {}) {
  await ensurePortFree(port);
  return stopOnExit(fork(resolve(__dirname, 'baselines', `${name}.js`), { env: { ...process.env, PORT: String(port), ...env } }));
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

/**
 * An SMTP server that takes every message and keeps nothing, standing in for the mail provider, so
 * the product's receipt emails leave it as they would in production (not into its dev mailbox).
 */
async function startSmtpSink() {
  const server = createServer((socket) => {
    let inData = false;
    let buffered = '';
    socket.on('error', () => {});
    socket.write('220 bench ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffered = buffered.slice(end + 5);
          inData = false;
          socket.write('250 OK\r\n');
          continue;
        }
        const eol = buffered.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffered.slice(0, eol).toUpperCase();
        buffered = buffered.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-bench\r\n250 8BITMIME\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `smtp://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) };
}

/** CPU seconds (user and system) one process has used so far, from /proc/<pid>/stat (Linux; clock ticks of 1/100 s). */
function cpuSecondsOfProcess(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used so far by the processes `include` picks by command line and pid (null where there
 * is no /proc). A bench's window then says where the machine went: a figure the shared machine's
 * speed moves less than a rate.
 */
function cpuSecondsOf(include) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  let seconds = 0;
  for (const pid of pids) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (include(commandLine, Number(pid))) seconds += cpuSecondsOfProcess(pid);
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

/**
 * The cores the CPU figures are taken on (issue 39): the servers (the product or its baseline, and the
 * PostgreSQL backends serving them) on one, the load generator on the other, so neither's work shows in
 * the other's time. None on a one-core machine or without taskset (util-linux): then the figures still
 * come, unpinned, and say so.
 */
const CORES = (() => {
  // Every core of the machine, not availableParallelism(): that counts only the cores this process may use.
  if (require('node:os').cpus().length < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return { server: 0, load: 1 };
  } catch {
    return null;
  }
})();

/** Pins a process and all its threads to a core, or to every core with 'all' (no-op without CORES); false when it has gone. */
function pinTo(core, pid) {
  if (!CORES) return false;
  try {
    const cores = core === 'all' ? `0-${require('node:os').cpus().length - 1}` : String(core);
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pids of the PostgreSQL backends connected to `database` (their process titles read `postgres: user database ...`). */
function postgresBackendsOf(database) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (title.startsWith('postgres: ') && title.split(' ')[2] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU a server (or several: `serverPids`) and its database spend on a window of work: `start()` pins them to the server core and
 * this process (the load generator: autocannon, the senders) to the load core, and reads their CPU
 * seconds; the returned `stop()` answers the seconds since, apart (`server`, `postgres`), and gives every
 * core back to all of them, so warm-ups, drains and Lighthouse run as they did before pinning.
 * PostgreSQL's is the sum over the backends of `database`, read every 100 ms: a backend that connects
 * during the window (pgbench's do, each run) is pinned and counted from its first reading, so its
 * start-up is left out as pgbench leaves its connection time out of its rate; one that ends keeps what
 * it had at the last reading.
 */
function cpuMeter({ serverPid, serverPids = serverPid ? [serverPid] : [], database, pin = true }) {
  // pin: false measures a window that is timed on the whole machine (the webhook drain), unpinned.
  const pinned = (core, pid) => pin && pinTo(core, pid);
  const serverSeconds = () => serverPids.reduce((sum, pid) => sum + cpuSecondsOfProcess(pid), 0);
  return {
    start() {
      for (const pid of serverPids) pinned(CORES?.server, pid);
      const backends = new Map();
      const read = (pid) => {
        try {
          return cpuSecondsOfProcess(pid);
        } catch {
          return null; // ended meanwhile
        }
      };
      const sample = () => {
        for (const pid of postgresBackendsOf(database)) {
          const seconds = read(pid);
          if (seconds === null) continue;
          const known = backends.get(pid);
          if (known) known.last = seconds;
          else {
            pinned(CORES?.server, pid);
            backends.set(pid, { first: seconds, last: seconds });
          }
        }
      };
      pinned(CORES?.load, process.pid);
      sample();
      const serverBefore = serverSeconds();
      const sampling = setInterval(sample, 100);
      return () => {
        clearInterval(sampling);
        sample();
        let postgres = 0;
        for (const { first, last } of backends.values()) postgres += last - first;
        const server = serverSeconds() - serverBefore;
        for (const pid of [...serverPids, process.pid, ...backends.keys()]) pinned('all', pid);
        return { server, postgres };
      };
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The middle figure (of an even count, the mean of the middle two). */
const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** The least and the most of a figure over rounds: what its median is worth. */
const spread = (numbers) => [Math.min(...numbers), Math.max(...numbers)];

/**
 * A results row's CPU fields from the rounds of a product and its baseline, each round
 * `{ cpuUs, apiUs, postgresUs }` (µs a request: all, the server process's, its PostgreSQL backends'):
 * medians, spreads, and `ratio` = the product's median over the baseline's.
 */
function cpuFields(productRounds, baselineRounds) {
  const figures = (rounds, field) => rounds.map((round) => round[field]);
  const rounded = (numbers) => numbers.map((n) => Math.round(n));
  const productUs = median(figures(productRounds, 'cpuUs'));
  const baselineUs = median(figures(baselineRounds, 'cpuUs'));
  return {
    cpu_us_product: Math.round(productUs),
    cpu_us_product_spread: rounded(spread(figures(productRounds, 'cpuUs'))),
    cpu_us_product_api: Math.round(median(figures(productRounds, 'apiUs'))),
    cpu_us_product_postgres: Math.round(median(figures(productRounds, 'postgresUs'))),
    cpu_us_baseline: Math.round(baselineUs),
    cpu_us_baseline_spread: rounded(spread(figures(baselineRounds, 'cpuUs'))),
    ratio_of: 'cpu',
    ratio: Number((productUs / baselineUs).toFixed(2)),
  };
}

/** A window's CPU (cpuMeter's stop()) per unit of work served, in µs, as cpuFields takes it. */
const cpuPerUnit = (cpu, units) => ({
  cpuUs: ((cpu.server + cpu.postgres) * 1e6) / units,
  apiUs: (cpu.server * 1e6) / units,
  postgresUs: (cpu.postgres * 1e6) / units,
});
const percentile = (numbers, p) => {
  if (!numbers.length) return 0;
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Requests over `connections` kept-alive node:http sockets: the benches' senders share the two cores
 * with the product, and `fetch` costs a sender about a third of a core where node:http costs a tenth.
 * `send` answers the status and the body as text.
 */
function keptAliveClient(baseUrl, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (method, path, headers, body) =>
    new Promise((answered, failed) => {
      const request = http.request(
        new URL(path, baseUrl),
        { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
        (answer) => {
          const chunks = [];
          answer.setEncoding('utf8');
          answer.on('data', (chunk) => chunks.push(chunk));
          answer.on('end', () => answered({ status: answer.statusCode, body: chunks.join('') }));
          answer.on('error', failed);
        },
      );
      request.on('error', failed);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** PostgreSQL's binaries as scripts/stack.sh finds them (the newest /usr/lib/postgresql/N/bin). */
function pgBin(name) {
  const versions = require('node:fs')
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/${name}`))
    .sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error(`${name} not found under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)`);
  return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin/${name}`;
}

/**
 * Work in a CLI context of the built server, on the given database: `body` is the source of an async
 * function of (context, dist) returning an object. Answers that object with the work's own time (boot
 * excluded) and the process's peak memory.
 */
function inProductCli(database, body) {
  const dist = resolve(root, 'server/dist');
  const script = `
    const { runCli } = require(${JSON.stringify(`${dist}/cli/run-cli.js`)});
    const work = ${body};
    runCli(async (context) => {
      const started = performance.now();
      const result = await work(context, ${JSON.stringify(dist)});
      const ms = performance.now() - started;
      console.log(JSON.stringify({ ms, ...result, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
    });`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.appUrl, DATABASE_MIGRATION_URL: database.ownerUrl, LOG_LEVEL: 'warn', DEV_SMTP_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line?.startsWith('{')) return fail(new Error(`the product's CLI run exited ${code}: ${output}`));
      done(JSON.parse(line));
    });
  });
}

/** PostDueRentCharges, what the worker's rent charging job runs every 15 minutes (decision 0039). */
const postDueRentCharges = (database) =>
  inProductCli(
    database,
    `async (context, dist) => {
       const { CommandBus } = require(require.resolve('@nestjs/cqrs', { paths: [dist] }));
       const { PostDueRentCharges } = require(dist + '/modules/payments/contracts/post-due-rent-charges.command.js');
       return context.get(CommandBus).execute(new PostDueRentCharges());
     }`,
  );

/**
 * The statements projector's catch-up, as the worker runs it after every payment: a page of journals
 * at a time, so it projects the generated ledger into statement lines with flat memory.
 */
const projectStatements = (database) =>
  inProductCli(
    database,
    `async (context, dist) => {
       const { StatementsProjector } = require(dist + '/modules/statements/projection/statements-projector.js');
       return context.get(StatementsProjector).catchUp({ wait: true });
     }`,
  );

/**
 * How many times today's data the run builds and reads (`npm run bench -- --scale 10`, issue 39): run.sh
 * passes it to every part as BENCH_SCALE. Each part multiplies its own sizes by it.
 */
const SCALE = Number(process.env.BENCH_SCALE || 1);
if (!Number.isInteger(SCALE) || SCALE < 1) throw new Error(`BENCH_SCALE must be a whole number from 1, not ${process.env.BENCH_SCALE}`);
/** Where the run's rows go: bench/results.json at 1x, bench/results-<N>x.json at N times the data. */
const RESULTS = resolve(__dirname, SCALE === 1 ? 'results.json' : `results-${SCALE}x.json`);

/**
 * The fields a results row keeps. `name` is a row's stable name where its `path` names a size that
 * changes with the scale (the 1x and 10x tables match rows by it). `ratio` is what `ratio_of` says: for the rows with CPU figures the
 * product's CPU per request over the baseline's (lower is better, issue 39), for the others the
 * product's rate over the baseline's. `*_spread` are [min, max] over the rounds whose median is shown;
 * `target` is the mark the row is checked against, `met` whether it was.
 */
const KEPT = [
  'name', 'path', 'connections', 'product_rps', 'baseline_rps', 'ratio', 'ratio_of', 'p99_ms',
  'product_rps_spread', 'baseline_rps_spread',
  'cpu_us_product', 'cpu_us_product_spread', 'cpu_us_product_api', 'cpu_us_product_postgres',
  'cpu_us_baseline', 'cpu_us_baseline_spread', 'target', 'met', 'seconds', 'peak_mb',
];

/** Replaces this run's rows (same name, or same path and connections) in the scale's results file where they stand, and keeps the others. */
function recordResults(rows) {
  const keep = (row) => Object.fromEntries(KEPT.filter((field) => row[field] !== undefined).map((field) => [field, row[field]]));
  let existing = [];
  try {
    existing = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {
    // none yet
  }
  // A named row replaces the row of its name whatever size its path names (the sizes follow the scale).
  const key = (row) => row.name ?? `${row.path}\u0000${row.connections}`;
  // In place, so the tables keep their order; rows new to the file go at its end.
  const fresh = new Map(rows.map((row) => [key(row), keep(row)]));
  const merged = existing.map((row) => fresh.get(key(row)) ?? row);
  const present = new Set(existing.map(key));
  merged.push(...[...fresh.values()].filter((row) => !present.has(key(row))));
  writeFileSync(RESULTS, `${JSON.stringify(merged, null, 2)}\n`);
}

/** A results row of one run of a scheduled job: `count` things done at its rate, its time as p99_ms and seconds. */
const jobRunRow = (name, path, count, run) => ({
  name,
  path,
  connections: 1,
  product_rps: Math.round(count / (run.ms / 1000)),
  baseline_rps: null,
  ratio: null,
  p99_ms: Math.round(run.ms),
  seconds: Number((run.ms / 1000).toFixed(2)),
  peak_mb: Math.round(run.peakRssMb),
});

module.exports = {
  root,
  jobRunRow,
  inProductCli,
  postDueRentCharges,
  projectStatements,
  withDatabase,
  withClient,
  stackUrls,
  migrate,
  scratchDatabase,
  analyze,
  startProduct,
  startBaseline,
  ensurePortFree,
  stopOnExit,
  startSmtpSink,
  waitUntilUp,
  keptAliveClient,
  cpuSecondsOf,
  cpuSecondsOfProcess,
  sleep,
  median,
  percentile,
  pgBin,
  recordResults,
  RESULTS,
  SCALE,
  CORES,
  pinTo,
  postgresBackendsOf,
  cpuMeter,
  spread,
  stopProcess: stop,
  cpuFields,
  cpuPerUnit,
};
