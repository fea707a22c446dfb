import { expect, type APIRequestContext } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');

export type UserType = 'landlord' | 'tenant' | 'operator' | 'finance';

/** A password that passes the product's rules; every fixture account gets it unless told otherwise. */
export const E2E_PASSWORD = 'e2e-long-enough-password';

export interface E2eUser {
  userId: string;
  type: UserType;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * The environment of the server under test (its throwaway database, Redis, queue prefix), written
 * by scripts/e2e-server.js, so that fixtures run the product's own CLIs against the same data.
 */
export function serverEnvironment(): Record<string, string> {
  const port = process.env.E2E_PORT ?? '3100';
  const file = resolve(tmpdir(), `rentwise-e2e-${port}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    throw new Error(`No ${file}: fixtures need the server started by scripts/e2e-server.js (not E2E_BASE_URL)`);
  }
}

/** The database of the server under test, for the few facts a test cannot set through the product (a session's age). */
export function serverDatabaseUrl(): string {
  return serverEnvironment().DATABASE_URL;
}

/** Runs one of the built CLIs (server/dist/cli/<name>.js) against the server under test. */
export async function runServerCli(name: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [resolve(root, `server/dist/cli/${name}.js`), ...args], {
    env: { ...process.env, ...serverEnvironment(), LOG_LEVEL: 'warn' },
    timeout: 30_000,
  });
  return stdout;
}

/** A fresh address no other test uses: `tenant-1a2b3c4d@e2e.example.com`. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.example.com`;
}

/**
 * An account that has been invited (CLI `invite-user`: the same CreateUser and activation link as
 * an approved landlord or an added tenant) and has not created its password yet.
 */
export async function inviteUser(
  options: { type: UserType; email?: string; firstName?: string; lastName?: string; phone?: string },
): Promise<{ userId: string; email: string; activationUrl: string; firstName: string; lastName: string; phone: string }> {
  const firstName = options.firstName ?? { landlord: 'Lena', tenant: 'Theo', operator: 'Olive', finance: 'Fay' }[options.type];
  const lastName = options.lastName ?? { landlord: 'Landlord', tenant: 'Tenant', operator: 'Operator', finance: 'Finance' }[options.type];
  const phone = options.phone ?? '(555) 555-0142';
  const email = options.email ?? uniqueEmail(options.type);
  const output = await runServerCli('invite-user', [
    '--type', options.type,
    '--email', email,
    '--first-name', firstName,
    '--last-name', lastName,
    '--phone', phone,
    '--json',
  ]);
  const { userId, url } = JSON.parse(output.trim().split('\n').pop()!) as { userId: string; url: string };
  return { userId, email, activationUrl: url, firstName, lastName, phone };
}

/** An active account that can sign in: invited, then its password created through the real endpoint. */
export async function createUser(
  request: APIRequestContext,
  options: { type: UserType; email?: string; firstName?: string; lastName?: string; phone?: string; password?: string },
): Promise<E2eUser> {
  const invited = await inviteUser(options);
  const password = options.password ?? E2E_PASSWORD;
  const link = new URL(invited.activationUrl);
  const email = Buffer.from(link.searchParams.get('email')!, 'base64url').toString('utf8');
  const response = await request.post('/api/account/set-password', {
    data: { email, token: link.searchParams.get('token'), password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { ...invited, type: options.type, password };
}
