// Serves the built product for the browser tests on a throwaway database that is dropped on exit.
// With E2E_CARD_PROVIDERS=stand-ins it is configured as with real keys instead of the sandboxes:
// Stripe and Authorize.Net keys, their SDKs pointed at the tests' local fakes, which this process
// runs and which serve the Stripe.js and Accept.js stand-ins (docs/decisions/0034).
const { execFileSync, spawn } = require('node:child_process');
const { readFileSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { tmpdir } = require('node:os');
const { dirname, resolve } = require('node:path');
const { Client } = require('pg');

const root = resolve(__dirname, '..');
const baseUrl = process.env.DATABASE_URL;
// The owner creates the throwaway database and migrates it; the server connects as the app's role.
const ownerBaseUrl = process.env.DATABASE_MIGRATION_URL || baseUrl;
if (!baseUrl || !process.env.REDIS_URL) {
  console.error('Browser tests need DATABASE_URL and REDIS_URL: run them through `npm test`');
  process.exit(1);
}

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin(sql) {
  const client = new Client({ connectionString: withDatabase(ownerBaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A TypeScript module of the tests (server/test/support), compiled in memory with swc as bench/webhooks.js does. */
function requireTypeScript(filename) {
  const { code } = require('@swc/core').transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const compiled = new Module(filename, module);
  compiled.filename = filename;
  compiled.paths = Module._nodeModulePaths(dirname(filename));
  compiled._compile(code, filename);
  return compiled.exports;
}

/**
 * The product's configuration with real keys: test-mode Stripe keys and Authorize.Net's production
 * environment (so the CSP and the Accept.js address are production's), both SDKs pointed at the fakes.
 * The fake Authorize.Net takes only these keys, which the browser test enters as the landlord's own.
 */
async function startCardProviderFakes() {
  const stripeKeys = { secret: 'sk_test_rentwise_e2e', publishable: 'pk_test_rentwise_e2e' };
  const anet = { apiLoginId: 'rentwiseE2E', transactionKey: 'e2eTransactKey16', clientKey: 'rentwiseE2EPublicClientKey' };
  const { FakeStripe } = requireTypeScript(resolve(root, 'server/test/support/fake-stripe.ts'));
  const { FakeAuthorizeNet } = requireTypeScript(resolve(root, 'server/test/support/fake-authorize-net.ts'));
  const stripe = await FakeStripe.start({ publishableKey: stripeKeys.publishable });
  const authorizeNet = await FakeAuthorizeNet.start(anet);
  return {
    env: {
      STRIPE_SECRET_KEY: stripeKeys.secret,
      STRIPE_PUBLISHABLE_KEY: stripeKeys.publishable,
      STRIPE_WEBHOOK_SECRET: 'whsec_rentwise_e2e',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_rentwise_e2e_connect',
      STRIPE_API_BASE: stripe.url,
      AUTHORIZE_NET_ENVIRONMENT: 'production',
      AUTHORIZE_NET_API_BASE: authorizeNet.url,
    },
    close: () => Promise.all([stripe.close(), authorizeNet.close()]),
  };
}

async function main() {
  const cardProviders = process.env.E2E_CARD_PROVIDERS === 'stand-ins' ? await startCardProviderFakes() : null;
  const database = `rentwise_e2e_${process.pid}`;
  await admin(`CREATE DATABASE "${database}"`);
  const port = process.env.E2E_PORT ?? '3100';
  const serverEnv = {
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: withDatabase(baseUrl, database),
    DATABASE_MIGRATION_URL: withDatabase(ownerBaseUrl, database),
    QUEUE_PREFIX: `e2e-${process.pid}`,
    // The journeys sign landlords up from one address, many times over with --repeat-each; the limit
    // itself is tested in server/test/onboarding/sign-up.int-spec.ts.
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000',
    DEV_SMTP_PORT: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: '',
    // E2E_CLIENT_DIST: a private build, so that a rebuild of client/dist mid-run cannot break the pages.
    CLIENT_DIST: process.env.E2E_CLIENT_DIST ?? resolve(root, 'client/dist'),
    ...cardProviders?.env,
  };
  // As `npm start` does: migrate, then load the demo data into the empty database, before any
  // journey runs (the seed loads only into an empty database, so a spec cannot do it later).
  const cliEnv = { ...process.env, ...serverEnv, LOG_LEVEL: 'warn' };
  execFileSync(process.execPath, [resolve(root, 'server/dist/cli/migrate.js')], { env: cliEnv, stdio: 'ignore' });
  execFileSync(process.execPath, [resolve(root, 'server/dist/cli/seed.js')], { env: cliEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn(process.execPath, [resolve(root, 'server/dist/main.js')], {
    stdio: 'inherit',
    env: { ...process.env, ...serverEnv },
  });
  // Fixtures: tests create accounts by running the product's CLIs (server/dist/cli) against this
  // server's database; e2e/support/fixtures.ts reads where that is from here.
  const fixturesFile = resolve(tmpdir(), `rentwise-e2e-${port}.json`);
  writeFileSync(fixturesFile, JSON.stringify({ REDIS_URL: process.env.REDIS_URL, ...serverEnv }));
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    server.kill('SIGTERM');
    rmSync(fixturesFile, { force: true });
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await cardProviders?.close().catch(() => undefined);
    process.exit(code);
  };
  server.once('exit', (code) => stop(code ?? 1));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
