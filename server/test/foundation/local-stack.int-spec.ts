import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

const stackScript = resolve(__dirname, '../../../scripts/stack.sh');

/** A checkout in a private folder (mode 700, owned by whoever runs the tests): only the script it needs. */
function privateCheckout(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rentwise-stack-'));
  chmodSync(folder, 0o700);
  const checkout = join(folder, 'checkout');
  mkdirSync(join(checkout, 'scripts'), { recursive: true, mode: 0o700 });
  copyFileSync(stackScript, join(checkout, 'scripts/stack.sh'));
  return checkout;
}

function stack(checkout: string, command: 'up' | 'stop', ports: { pg: number; redis: number }) {
  const { PATH, HOME } = process.env;
  return spawnSync('bash', ['scripts/stack.sh', command], {
    cwd: checkout,
    env: { PATH, HOME, RENTWISE_PG_PORT: String(ports.pg), RENTWISE_REDIS_PORT: String(ports.redis) },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function listening(port = 0): Promise<Server> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return server;
}

async function freePort(): Promise<number> {
  const server = await listening();
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

function exportedUrls(stdout: string): Record<string, string> {
  return Object.fromEntries([...stdout.matchAll(/^export (\w+)='([^']+)'$/gm)].map(([, name, value]) => [name, value]));
}

describe('the local stack (scripts/stack.sh)', () => {
  const checkouts: string[] = [];
  afterAll(() => {
    for (const checkout of checkouts) rmSync(resolve(checkout, '..'), { recursive: true, force: true });
  });

  it('comes up from a private folder, keeps its data there, and stops', async () => {
    const checkout = privateCheckout();
    checkouts.push(checkout);
    const ports = { pg: await freePort(), redis: await freePort() };

    const up = stack(checkout, 'up', ports);
    expect(up.stderr).not.toContain('did not start');
    expect(up.status).toBe(0);
    const urls = exportedUrls(up.stdout);
    // PostgreSQL over its Unix socket: the socket's folder, percent-encoded, is the URL's host.
    const socketFolder = encodeURIComponent(join(checkout, '.data/run'));
    expect(urls).toEqual({
      DATABASE_MIGRATION_URL: `postgres://rentwise:rentwise@${socketFolder}:${ports.pg}/rentwise`,
      DATABASE_URL: `postgres://rentwise_web:rentwise@${socketFolder}:${ports.pg}/rentwise`,
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    });
    expect(statSync(join(checkout, '.data/postgres/PG_VERSION')).isFile()).toBe(true);

    const database = new Client({ connectionString: urls.DATABASE_URL });
    await database.connect();
    // The application's role is no superuser and owns nothing: it cannot switch the ledger's triggers off.
    expect((await database.query('select rolsuper, rolcreatedb from pg_roles where rolname = current_user')).rows).toEqual([
      { rolsuper: false, rolcreatedb: false },
    ]);
    await database.end();
    const redis = new Redis(urls.REDIS_URL, { maxRetriesPerRequest: 1 });
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();

    // Idempotent: a second `up` reuses both servers.
    const again = stack(checkout, 'up', ports);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('already running');

    const stop = stack(checkout, 'stop', ports);
    expect(stop.status).toBe(0);
    const stopped = await listening(ports.pg);
    stopped.close();
  });

  it.each([
    ['PostgreSQL', 'pg', 'RENTWISE_PG_PORT'],
    ['Redis', 'redis', 'RENTWISE_REDIS_PORT'],
  ] as const)('stops at once with one line when %s’s port is taken by another program', async (service, key, variable) => {
    const checkout = privateCheckout();
    checkouts.push(checkout);
    const squatter = await listening();
    const taken = (squatter.address() as { port: number }).port;
    const ports = { pg: await freePort(), redis: await freePort(), [key]: taken };
    try {
      const up = stack(checkout, 'up', ports);
      expect(up.status).toBe(1);
      const lastLine = up.stderr.trim().split('\n').at(-1);
      expect(lastLine).toContain(`${service} did not start: port ${taken} on 127.0.0.1 is taken by another program`);
      expect(lastLine).toContain(`export ${variable}=`);
    } finally {
      squatter.close();
      stack(checkout, 'stop', ports);
    }
  });
});
