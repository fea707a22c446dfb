// HTTP throughput of the main read paths, on a throwaway database loaded with the demo data.
// Usage: npm run bench [-- --duration 10 --connections 20]
const autocannon = require('autocannon');
const { spawn, execFileSync } = require('node:child_process');
const { resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { Client } = require('pg');

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const root = resolve(__dirname, '..');
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const database = `rentwise_bench_${process.pid}`;
const withDatabase = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
// The owner creates the throwaway database and migrates it; the server connects as the app's role.
const ownerBaseUrl = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL;

async function admin(sql) {
  const client = new Client({ connectionString: withDatabase(ownerBaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(title, { path, ...options }) {
  return new Promise((done, fail) => {
    autocannon(
      { url: base + path, duration: Number(values.duration), connections: Number(values.connections), ...options },
      (error, result) => (error ? fail(error) : done({ title, result })),
    );
  });
}

async function main() {
  await admin(`CREATE DATABASE "${database}"`);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(process.env.DATABASE_URL, database),
    DATABASE_MIGRATION_URL: withDatabase(ownerBaseUrl, database),
    PORT: String(port),
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: `bench-${process.pid}`,
    DEV_SMTP_PORT: '0',
  };
  execFileSync(process.execPath, [resolve(root, 'server/dist/cli/migrate.js')], { env, stdio: 'ignore' });
  execFileSync(process.execPath, [resolve(root, 'server/dist/cli/seed.js')], { env, stdio: 'inherit' });
  const server = spawn(process.execPath, [resolve(root, 'server/dist/main.js')], { env, stdio: 'inherit' });
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019' }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const signedIn = { headers: { cookie } };

    await run('warm-up', { path: '/api/account/validate', ...signedIn, duration: 2 });
    const results = [];
    results.push(await run('GET /api/health (database + Redis ping)', { path: '/api/health' }));
    results.push(await run('GET /api/account/validate, signed out', { path: '/api/account/validate' }));
    results.push(await run('GET /api/account/validate, signed in (session lookup)', { path: '/api/account/validate', ...signedIn }));
    results.push(await run('GET /api/landlord/properties, signed in', { path: '/api/landlord/properties', ...signedIn }));
    results.push(
      await run('POST /api/account/login (argon2id 19 MiB, 2 passes)', {
        method: 'POST',
        path: '/api/account/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'tenant@rentwise.demo', password: 'rentwise-demo-2019' }),
        connections: 4,
      }),
    );

    const baseline = results[1].result.requests.average;
    console.log(`\n${values.connections} connections, ${values.duration} s each, on ${require('node:os').cpus().length} cores\n`);
    console.log('scenario'.padEnd(58), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs signed-out'.padStart(14));
    for (const { title, result } of results) {
      if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx in: ${title}`);
      console.log(
        title.padEnd(58),
        result.requests.average.toFixed(0).padStart(8),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        `${(result.requests.average / baseline).toFixed(2)}x`.padStart(14),
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
