import fc from 'fast-check';
import { MESSAGES } from '@rentwise/libs/messages';
import type { SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { ApiOperation, apiOperations, STATE_CHANGING } from './api-operations';
import { badObjectsFrom, badPathValue, badQueryFrom, anyJson } from './bad-values';
import { DatabaseDigest, DatabaseDigests } from './database-digest';
import { exampleOrEmpty } from './examples';
import { buildWorld, World } from './world';

/**
 * Replay a failure with the seed it prints:
 *   RELIABILITY_SEED=<seed> npm run test:integration -w server -- reliability/bad-input
 * RELIABILITY_RUNS sets the requests per operation (default 40; at least 10 each when the time budget runs short).
 */
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31);
const RUNS_PER_OPERATION = Number(process.env.RELIABILITY_RUNS ?? 40);
/** The whole fuzz stops generating after this long, so the suite stays within the test command's budget. */
const TIME_BUDGET_MS = Number(process.env.RELIABILITY_BUDGET_MS ?? 45_000);
const MIN_RUNS_PER_OPERATION = 10;

const CATALOGUE: ReadonlySet<string> = new Set(Object.values(MESSAGES));
/** Words written for developers, never for the people using the product: zod's, Fastify's and Nest's defaults. */
const DEFAULT_MESSAGES = /Invalid input|expected .*received|Too (big|small)|Unrecognized key|Invalid (string|option|element|key)|content-type|Bad Request|Internal|Unexpected token|JSON|FST_|Cannot (GET|POST|PUT|PATCH|DELETE)|Validation failed|undefined|\bnull\b|NaN/i;
/** Answers to the payment provider, not to a person: their messages are for our logs and Stripe's dashboard. */
const MACHINE_ENDPOINTS = /^\/api\/webhooks\//;

interface BadRequest {
  /** Which part is bad, for the failure message. */
  what: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 bytes a careless client would send. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('');
  }
}

function urlFor(operation: ApiOperation, request: BadRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeLoosely(request.params[name]));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeLoosely(key)}=${encodeLoosely(String(item))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/**
 * Bad requests for one operation. Its own ids in the path, so a bad body or query is what gets
 * refused; where a part has no schema of its own (a DELETE has no body to check), the path is bad
 * too, so the request can never reach the data.
 */
function badRequests(operation: ApiOperation, ownIds: Record<string, string | undefined>): fc.Arbitrary<BadRequest> {
  const { bodySchema, querySchema } = operation;
  // Derived from a valid example where one can be made; else the schema's fields go bad one at a time on their own.
  const validBody = bodySchema && (() => exampleOrEmpty(bodySchema));
  const validQuery = querySchema && (() => exampleOrEmpty(querySchema));
  const ownParams = Object.fromEntries(operation.pathParams.map((name) => [name, ownIds[name] ?? '00000000-0000-4000-8000-000000000000']));
  const baseQuery = validQuery ? validQuery() : {};
  const baseBody = validBody ? validBody() : undefined;
  const takesBody = STATE_CHANGING.has(operation.method);

  const badParams = operation.pathParams.length
    ? fc.constantFrom(...operation.pathParams).chain((name) => badPathValue.map((value) => ({ ...ownParams, [name]: value })))
    : fc.constant(ownParams);
  const options: fc.Arbitrary<BadRequest>[] = [];
  if (operation.pathParams.length) {
    options.push(badParams.map((params) => ({ what: 'path', params, query: baseQuery, body: baseBody })));
  }
  const queryParams = operation.querySchema || !operation.pathParams.length ? fc.constant(ownParams) : badParams;
  options.push(
    fc.record({ params: queryParams, query: badQueryFrom(operation.querySchema, validQuery) }).map(({ params, query }) => ({
      what: 'query',
      params,
      query,
      body: baseBody,
    })),
  );
  if (takesBody && !operation.multipart) {
    const bodyParams = operation.bodySchema || !operation.pathParams.length ? fc.constant(ownParams) : badParams;
    const body = operation.bodySchema && validBody ? badObjectsFrom(operation.bodySchema, validBody) : anyJson;
    options.push(fc.record({ params: bodyParams, body }).map(({ params, body: value }) => ({ what: 'body', params, query: baseQuery, body: value })));
  }
  return fc.oneof(...options);
}

function callerFor(operation: ApiOperation, world: World): SignedInClient | undefined {
  if (operation.isPublic) return undefined;
  const role = operation.roles[0];
  if (role === 'landlord') return world.owner.landlord;
  if (role === 'tenant') return world.owner.tenant;
  if (role === 'operator') return world.operator;
  if (role === 'finance') return world.finance;
  throw new Error(`${operation.name}: no caller for role ${role}: add one to callerFor in server/test/reliability/bad-input.int-spec.ts`);
}

/** What is wrong with an error answer, if anything: one shape, a message a person can act on, nothing echoed. */
function problemWithErrorAnswer(operation: ApiOperation, body: string): string | undefined {
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const extraKeys = Object.keys(answer).filter((key) => !['status', 'error', 'code'].includes(key));
  if (answer.status !== 'error' || typeof answer.error !== 'string' || !answer.error.trim() || extraKeys.length) {
    return `not { status: 'error', error }: ${body.slice(0, 160)}`;
  }
  const written = CATALOGUE.has(answer.error) || (/[.!?]$/.test(answer.error) && !DEFAULT_MESSAGES.test(answer.error));
  if (!MACHINE_ENDPOINTS.test(operation.path) && !written) {
    return `not a message a person can act on (use the catalogue in libs/src/messages.ts): "${answer.error.slice(0, 160)}"`;
  }
  return undefined;
}

describe('bad input on every operation of the OpenAPI document', () => {
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

  it('answers no 5xx, changes nothing on a 4xx, and answers every error as { status: "error", error: <catalogue message> }', async () => {
    const started = Date.now();
    const failures: string[] = [];
    const counts = { requests: 0, refused: 0, accepted: 0, operations: 0 };
    let operationIndex = 0;
    // Each operation gets its share of the budget, so a slow machine fuzzes every operation, just less.
    const shareMs = TIME_BUDGET_MS / operations.length;
    for (const operation of operations) {
      operationIndex++;
      const operationStarted = Date.now();
      counts.operations++;
      const caller = callerFor(operation, world);
      const samples = fc.sample(badRequests(operation, world.owner.ids), { seed: SEED + operationIndex, numRuns: RUNS_PER_OPERATION });
      let baseline: DatabaseDigest = await digests.take();
      for (const [index, request] of samples.entries()) {
        if (index >= MIN_RUNS_PER_OPERATION && Date.now() - operationStarted > shareMs) break;
        const url = urlFor(operation, request);
        const headers: Record<string, string> = { ...(caller?.headers ?? {}) };
        let payload: string | undefined;
        if (STATE_CHANGING.has(operation.method) && request.body !== undefined) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(request.body);
        }
        const response = await testApp.request({ method: operation.method, url, headers, ...(payload !== undefined && { payload }) });
        counts.requests++;
        const where = `${operation.method} ${url.slice(0, 300)} (bad ${request.what}${payload !== undefined ? `, body ${payload.slice(0, 300)}` : ''})`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          baseline = await digests.take();
          continue;
        }
        if (response.statusCode >= 400) {
          counts.refused++;
          const problem = problemWithErrorAnswer(operation, response.body);
          if (problem) failures.push(`${where}: ${response.statusCode} ${problem}`);
          if (STATE_CHANGING.has(operation.method) || response.statusCode !== 404) {
            const after = await digests.take();
            // A card the provider refused (402) is recorded as a declined attempt, so its key answers the same next time.
            const changed = DatabaseDigests.differences(baseline, after).filter(
              (table) => !(response.statusCode === 402 && table.startsWith('payments.card_payments:')),
            );
            if (changed.length) failures.push(`${where}: ${response.statusCode} but changed ${changed.join('; ')}`);
            baseline = after;
          }
        } else {
          // Accepted (a generated value that happens to be valid, or ignored): the new state is the baseline.
          counts.accepted++;
          baseline = await digests.take();
        }
      }
      if (failures.length >= 20) break;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `bad input: seed ${SEED}, ${counts.operations}/${operations.length} operations, ${counts.requests} requests in ${seconds} s: ` +
        `${counts.refused} refused, ${counts.accepted} accepted, ${failures.length} failures`,
    );
    if (failures.length) {
      throw new Error(
        `Bad input found ${failures.length} problem(s). Replay: RELIABILITY_SEED=${SEED} npm run test:integration -w server -- reliability/bad-input\n` +
          failures.slice(0, 20).join('\n'),
      );
    }
    expect(counts.operations).toBe(operations.length);
  }, 120_000);
});
