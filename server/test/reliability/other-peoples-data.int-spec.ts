import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rentwise/libs/messages';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { CommandBus } from '@nestjs/cqrs';
import { ActivateAccount } from '../../src/modules/accounts/contracts/activate-account.command';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import { signIn, SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { ApiOperation, apiOperations, STATE_CHANGING, urlOf } from './api-operations';
import { DatabaseDigests } from './database-digest';
import { exampleOrEmpty, validExample } from './examples';
import { objectShapeOf } from './schema-shape';
import { buildWorld, Party, Role, strangerOf, World } from './world';

const ROLES: Role[] = ['signed out', 'tenant', 'landlord', 'operator', 'finance'];

/** Staff roles see every landlord's data by design: for them an id is never someone else's. */
const STAFF: ReadonlySet<Role> = new Set(['operator', 'finance']);

/**
 * Endpoints where another person's id is meant to work, and why. Anything else refuses it.
 */
const SHARED_BY_DESIGN: Record<string, string> = {
  ProfileController_photo: 'photo keys are random and unguessable; any signed-in person may see a photo (a tenant sees their landlord\'s)',
};

interface Case {
  operation: ApiOperation;
  role: Role;
  caller: SignedInClient | undefined;
  url: string;
  body?: Record<string, unknown>;
  expected: number[];
  why: string;
  /** An id in the body that the endpoint ignores may also succeed, on the caller's own data. */
  mayIgnoreId?: boolean;
}

function headersOf(caller: SignedInClient | undefined, operation: ApiOperation): Record<string, string> {
  const headers: Record<string, string> = { ...(caller?.headers ?? {}) };
  if (operation.multipart) headers['content-type'] = 'multipart/form-data; boundary=x';
  return headers;
}

/**
 * Builds the cases of one operation for one role: every path parameter filled with the owner's ids
 * (and, for two or more, each mix of the owner's and the caller's own), and every id field of the
 * body or query pointing at the owner's. Throws with what to add when an id has no provider.
 */
function casesOf(operation: ApiOperation, role: Role, world: World): Case[] | string {
  const caller = strangerOf(world, role);
  if (caller === null) return `no ${role} role yet`;
  const allowed = operation.roles.includes(role as never);
  const ownerIds = world.owner.ids;
  const own: Party | undefined = role === 'landlord' || role === 'tenant' ? world.stranger : undefined;

  // Only a route a landlord or tenant may call needs the owner's real ids; for anyone else any id will do.
  const needsOwnerIds = allowed && !STAFF.has(role) && !SHARED_BY_DESIGN[operation.operationId];
  for (const name of operation.pathParams) {
    if (!ownerIds[name] && needsOwnerIds) {
      throw new Error(
        `${operation.name}: no owner's id for path parameter '${name}': add a fixture for it to the owner's ids in server/test/reliability/world.ts`,
      );
    }
  }
  const bodyOf = (ids: Record<string, string | undefined>) =>
    operation.bodySchema ? { ...validExample(operation.bodySchema, operation.name), ...ids } : undefined;
  const queryOf = (ids: Record<string, string | undefined>) =>
    operation.querySchema
      ? new URLSearchParams({ ...(validExample(operation.querySchema, operation.name) as Record<string, string>), ...ids } as Record<string, string>).toString()
      : '';

  if (!allowed) {
    const params = Object.fromEntries(operation.pathParams.map((name) => [name, ownerIds[name] ?? randomUUID()]));
    // The role is checked before the body is read, so any body will do.
    return [
      {
        operation,
        role,
        caller,
        url: urlOf(operation, params),
        body: STATE_CHANGING.has(operation.method) ? {} : undefined,
        expected: caller ? [403] : [401],
        why: `a ${role} may not call it`,
      },
    ];
  }
  if (STAFF.has(role)) return `${role}s see every landlord's data`;
  if (SHARED_BY_DESIGN[operation.operationId]) return SHARED_BY_DESIGN[operation.operationId];

  const cases: Case[] = [];
  // Path parameters: all the owner's, then each mix with the caller's own ids.
  const names = operation.pathParams;
  for (let mask = 0; mask < 2 ** names.length - 1; mask++) {
    const params: Record<string, string> = {};
    let complete = true;
    names.forEach((name, index) => {
      const mine = (mask >> index) & 1;
      const value = mine ? own?.ids[name] : ownerIds[name];
      if (value) params[name] = value;
      else complete = false;
    });
    if (!complete) continue;
    cases.push({
      operation,
      role,
      caller,
      url: urlOf(operation, params, queryOf({})),
      body: bodyOf({}),
      expected: [404],
      why: `path ids ${JSON.stringify(params)} include the owner's`,
    });
  }
  // Id fields of the body or query: the caller's own path ids, the owner's id in the field.
  for (const [part, schema] of [['body', operation.bodySchema], ['query', operation.querySchema]] as const) {
    const shape = schema && objectShapeOf(schema);
    if (!shape) continue;
    for (const field of Object.keys(shape).filter((key) => ownerIds[key])) {
      const params = Object.fromEntries(names.map((name) => [name, own?.ids[name]]));
      if (Object.values(params).some((value) => !value)) continue;
      const ids = { [field]: ownerIds[field] };
      cases.push({
        operation,
        role,
        caller,
        url: urlOf(operation, params as Record<string, string>, part === 'query' ? queryOf(ids) : queryOf({})),
        body: part === 'body' ? bodyOf(ids) : bodyOf({}),
        expected: [404],
        why: `${part} field ${field} is the owner's`,
        mayIgnoreId: true,
      });
    }
  }
  if (cases.length === 0) return 'acts on the caller\'s own data only';
  return cases;
}

/** What of the owner's data a leaky answer would show. */
function ownerSecrets(world: World): string[] {
  const { home, ids } = world.owner;
  // Not the address: every party of the fixture lives at the same one.
  return [home.landlord.email, home.tenant.email, ...Object.values(ids).filter((id): id is string => Boolean(id))];
}

describe("other people's data", () => {
  let testApp: TestApp;
  let world: World;
  let operations: ApiOperation[];
  let digests: DatabaseDigests;

  beforeAll(async () => {
    testApp = await startTestApp({ RUN_WORKERS: 'false' });
    world = await buildWorld(testApp);
    operations = await apiOperations(testApp);
    digests = new DatabaseDigests(testApp.dataSource);
  }, 60_000);
  afterAll(() => testApp?.close());

  /** Everything the owner's landlord and tenant can read, read by them: what a stranger must not change. */
  async function ownerView(): Promise<Record<string, string>> {
    const view: Record<string, string> = {};
    for (const operation of operations.filter((candidate) => candidate.method === 'GET' && !candidate.isPublic)) {
      for (const role of ['landlord', 'tenant'] as const) {
        if (!operation.roles.includes(role) || operation.operationId === 'ProfileController_photo') continue;
        const params = Object.fromEntries(operation.pathParams.map((name) => [name, world.owner.ids[name] ?? '']));
        const query = operation.querySchema ? new URLSearchParams(validExample(operation.querySchema, operation.name) as Record<string, string>).toString() : '';
        const response = await testApp.request({ method: 'GET', url: urlOf(operation, params, query), headers: world.owner[role].headers });
        // Statements say when they were made; that is not the owner's data.
        const body = response.body.replace(/(generatedAt":"|Generated,)[^"\n]*/g, '$1');
        view[`${operation.name} as ${role}`] = `${response.statusCode} ${body}`;
      }
    }
    return view;
  }

  it('refuses every route of the OpenAPI document to every role with another account\'s ids: 404 for ids, 401/403 for the role', async () => {
    const ownerBefore = await ownerView();
    const failures: string[] = [];
    const skipped: string[] = [];
    const ignoredIds: string[] = [];
    let calls = 0;
    for (const operation of operations.filter((candidate) => !candidate.isPublic)) {
      for (const role of ROLES) {
        const cases = casesOf(operation, role, world);
        if (typeof cases === 'string') {
          skipped.push(`${operation.name} as ${role}: ${cases}`);
          continue;
        }
        for (const { caller, url, body, expected, why, mayIgnoreId } of cases) {
          const digest = STATE_CHANGING.has(operation.method) ? await digests.take() : undefined;
          const response = await testApp.request({ method: operation.method, url, headers: headersOf(caller, operation), ...(body && { payload: body }) });
          calls++;
          const where = `${operation.method} ${url} as ${role} (${why})`;
          const leaked = ownerSecrets(world).filter((secret) => response.body.includes(secret));
          if (leaked.length) failures.push(`${where}: the answer shows the owner's ${leaked.join(', ')}`);
          if (mayIgnoreId && response.statusCode < 300) {
            ignoredIds.push(`${where}: ${response.statusCode}`);
            continue;
          }
          if (!expected.includes(response.statusCode)) {
            failures.push(`${where}: ${response.statusCode}, expected ${expected.join('/')}: ${response.body.slice(0, 200)}`);
            continue;
          }
          const answer = response.json();
          if (answer.status !== 'error' || typeof answer.error !== 'string' || !answer.error) {
            failures.push(`${where}: body not { status: 'error', error }: ${response.body.slice(0, 200)}`);
          }
          if (digest) {
            const changed = DatabaseDigests.differences(digest, await digests.take());
            if (changed.length) failures.push(`${where}: changed ${changed.join('; ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await ownerView()).toEqual(ownerBefore);
    // The figures docs/reliability.md quotes.
    console.log(
      `other people's data: ${operations.length} operations x ${ROLES.length} roles: ${calls} calls with another account's ids, ` +
        `${ignoredIds.length} ignored an id field and acted on the caller's own data:\n  ${ignoredIds.join('\n  ')}\n` +
        `not cross-account:\n  ${skipped.join('\n  ')}`,
    );
    expect(calls).toBeGreaterThan(50);
  });

  it("shows a caller nothing of the owner's in the answers about their own data", async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.method === 'GET' && candidate.pathParams.length === 0)) {
      for (const role of ['tenant', 'landlord'] as const) {
        if (!operation.roles.includes(role)) continue;
        const query = operation.querySchema ? new URLSearchParams(validExample(operation.querySchema, operation.name) as Record<string, string>).toString() : '';
        const response = await testApp.request({ method: 'GET', url: urlOf(operation, {}, query), headers: world.stranger[role].headers });
        if (response.statusCode >= 500) failures.push(`${operation.name} as ${role}: ${response.statusCode}`);
        const leaked = ownerSecrets(world).filter((secret) => response.body.includes(secret));
        if (leaked.length) failures.push(`${operation.name} as ${role} shows the owner's ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe('sessions', () => {
    /** Every state-changing or role-guarded operation, called as its rightful caller over the given session. */
    async function everyGuardedOperation(
      session: (role: Role) => SignedInClient | undefined,
      { onlyStateChanging = false } = {},
    ): Promise<{ operation: ApiOperation; statusCode: number; body: string }[]> {
      const answers: { operation: ApiOperation; statusCode: number; body: string }[] = [];
      for (const operation of operations.filter((candidate) => !candidate.isPublic)) {
        if (onlyStateChanging && !STATE_CHANGING.has(operation.method)) continue;
        const role = operation.roles.find((candidate) => session(candidate as Role)) as Role | undefined;
        if (!role) continue;
        const party = world.owner;
        const params = Object.fromEntries(operation.pathParams.map((name) => [name, party.ids[name] ?? randomUUID()]));
        // Sessions and CSRF are checked before the query or body is read.
        const query = new URLSearchParams(exampleOrEmpty(operation.querySchema) as Record<string, string>).toString();
        const client = session(role)!;
        const response = await testApp.request({
          method: operation.method,
          url: urlOf(operation, params, query),
          headers: headersOf(client, operation),
          ...(operation.bodySchema && { payload: exampleOrEmpty(operation.bodySchema) }),
        });
        answers.push({ operation, statusCode: response.statusCode, body: response.body });
      }
      return answers;
    }

    const unexpected = (answers: { operation: ApiOperation; statusCode: number; body: string }[], status: number, error?: string) =>
      answers
        .filter((answer) => answer.statusCode !== status || (error !== undefined && JSON.parse(answer.body).error !== error))
        .map((answer) => `${answer.operation.name}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);

    it('refuses a signed-out (revoked) session everywhere, and changes nothing', async () => {
      const landlord = await signIn(testApp, world.owner.home.landlord);
      const tenant = await signIn(testApp, world.owner.home.tenant);
      for (const client of [landlord, tenant]) {
        const out = await testApp.request({ method: 'POST', url: '/api/account/logout', headers: client.headers });
        expect(out.statusCode).toBe(200);
      }
      const before = await digests.take();
      const answers = await everyGuardedOperation((role) => (role === 'landlord' ? landlord : role === 'tenant' ? tenant : undefined));
      expect(answers.length).toBeGreaterThan(10);
      expect(unexpected(answers, 401, MESSAGES.sessionExpired)).toEqual([]);
      expect(DatabaseDigests.differences(before, await digests.take())).toEqual([]);
    });

    it('refuses an expired session everywhere', async () => {
      const earlier: { id: string }[] = await testApp.dataSource.query(`SELECT id FROM accounts.sessions`);
      const landlord = await signIn(testApp, world.owner.home.landlord);
      const tenant = await signIn(testApp, world.owner.home.tenant);
      // Past the absolute timeout: only these two sessions.
      await testApp.dataSource.query(
        `UPDATE accounts.sessions SET expires_at = now() - interval '1 minute' WHERE NOT (id = ANY($1))`,
        [earlier.map((row) => row.id)],
      );
      const before = await digests.take();
      const answers = await everyGuardedOperation((role) => (role === 'landlord' ? landlord : role === 'tenant' ? tenant : undefined));
      expect(unexpected(answers, 401, MESSAGES.sessionExpired)).toEqual([]);
      expect(DatabaseDigests.differences(before, await digests.take())).toEqual([]);
      // The owner's other sessions (the matrix's) still work.
      const still = await testApp.request({ method: 'GET', url: '/api/landlord/properties', headers: world.owner.landlord.headers });
      expect(still.statusCode).toBe(200);
    });

    it('refuses every state change without the CSRF token, or from another origin, and changes nothing', async () => {
      const sessions = { landlord: world.owner.landlord, tenant: world.owner.tenant, operator: world.operator, finance: world.finance };
      const before = await digests.take();
      const withoutToken = await everyGuardedOperation(
        (role) => {
          const client = sessions[role as keyof typeof sessions];
          return client && { ...client, headers: { cookie: client.cookie } };
        },
        { onlyStateChanging: true },
      );
      expect(withoutToken.length).toBeGreaterThan(5);
      expect(unexpected(withoutToken, 403)).toEqual([]);
      const foreign = await everyGuardedOperation(
        (role) => {
          const client = sessions[role as keyof typeof sessions];
          return client && { ...client, headers: { ...client.headers, origin: 'https://evil.example' } };
        },
        { onlyStateChanging: true },
      );
      expect(unexpected(foreign, 403, MESSAGES.crossSiteRequest)).toEqual([]);
      expect(DatabaseDigests.differences(before, await digests.take())).toEqual([]);
    });

    it("refuses a removed tenant's session everywhere", async () => {
      // A second tenant of the stranger's property, signed in, then removed by their landlord.
      const address = `removed-${randomUUID().slice(0, 8)}@example.com`;
      const added = await testApp.request({
        method: 'POST',
        url: `/api/landlord/properties/${world.stranger.ids.propertyId}/tenants`,
        headers: world.stranger.landlord.headers,
        payload: tenantSchema.parse({ firstName: 'Rae', lastName: 'Removed', email: address, confirmEmail: address, phone: '(555) 555-0177' }),
      });
      expect(added.statusCode).toBe(201);
      // The add answer names no account (issue 32); the property's list does.
      const listed = await testApp.request({
        method: 'GET',
        url: `/api/landlord/properties/${world.stranger.ids.propertyId}/tenants`,
        headers: world.stranger.landlord.headers,
      });
      const tenantId = (listed.json().rows as { tenantId: string; email: string }[]).find((row) => row.email === address)!.tenantId;
      const commands = testApp.app.get(CommandBus);
      const { url } = await commands.execute(new IssuePasswordLink(tenantId, 'activation'));
      await commands.execute(new ActivateAccount(address, new URL(url).searchParams.get('token')!, 'removed-tenant-password'));
      const removedTenant = await signIn(testApp, { email: address, password: 'removed-tenant-password' });
      const removed = await testApp.request({
        method: 'DELETE',
        url: `/api/landlord/properties/${world.stranger.ids.propertyId}/tenants/${tenantId}`,
        headers: world.stranger.landlord.headers,
      });
      expect(removed.statusCode).toBe(200);

      const before = await digests.take();
      const answers = await everyGuardedOperation((role) => (role === 'tenant' ? removedTenant : undefined));
      expect(answers.length).toBeGreaterThan(3);
      expect(unexpected(answers, 401)).toEqual([]);
      expect(DatabaseDigests.differences(before, await digests.take())).toEqual([]);
    });
  });
});
