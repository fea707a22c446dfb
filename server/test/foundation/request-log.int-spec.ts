import { signUpFields } from '../onboarding/onboarding-support';
import { asOwner } from '../support/as-owner';
import { startTestApp, TestApp } from '../support/test-app';

interface LogLine {
  level: number;
  msg: string;
  correlationId?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  [key: string]: unknown;
}

describe('the request log', () => {
  const lines: LogLine[] = [];
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp(
      { LOG_LEVEL: 'info' },
      { logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });

  afterAll(() => api.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const requestLines = () => lines.filter((line) => line.req);

  it('writes one line per request with its request id, method, path and status, and nothing else', async () => {
    await api.request({
      url: '/api/account/validate?next=%2Fsecret',
      headers: { 'x-request-id': 'req-42', cookie: 'rw_session=not-a-real-token' },
    });
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        correlationId: 'req-42',
        req: { id: 'req-42', method: 'GET', url: '/api/account/validate' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('rw_session');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('gives a request without an id of its own a new one', async () => {
    await api.request({ url: '/api/account/validate' });
    const [line] = requestLines();
    expect(line.req?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.correlationId).toBe(line.req?.id);
  });

  it('writes no line for /api/health, which the platform probes every few seconds', async () => {
    const health = await api.request({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await api.request({ url: '/api/health?probe=1' });
    expect(requestLines()).toEqual([]);
  });

  it('logs the cause of a 500 with its stack, in the request’s chain, and answers without it', async () => {
    await asOwner(`
      CREATE FUNCTION onboarding.fail_for_the_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'cause@example.com' THEN RAISE EXCEPTION 'the cause the log must keep'; END IF; RETURN NEW; END $$`);
    await asOwner(`
      CREATE TRIGGER fail_for_the_log BEFORE INSERT ON onboarding.registrations FOR EACH ROW EXECUTE FUNCTION onboarding.fail_for_the_log()`);
    try {
      const response = await api.request({
        method: 'POST',
        url: '/api/onboarding/registrations',
        headers: { 'x-request-id': 'req-500' },
        payload: signUpFields({ email: 'cause@example.com', confirmEmail: 'cause@example.com' }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('the cause the log must keep');
    } finally {
      await asOwner(`DROP TRIGGER fail_for_the_log ON onboarding.registrations`);
      await asOwner(`DROP FUNCTION onboarding.fail_for_the_log()`);
    }
    const failure = lines.find((line) => line.level === 50);
    expect(failure).toMatchObject({ correlationId: 'req-500' });
    expect(JSON.stringify(failure)).toContain('the cause the log must keep');
    expect(JSON.stringify(failure)).toContain('at ');
    // The query's parameters are the person's data: the log keeps the SQL, not the values.
    expect(JSON.stringify(failure)).not.toContain('cause@example.com');
  });
});

describe('the request log in a person’s terminal (LOG_FORMAT=pretty, npm start)', () => {
  const lines: LogLine[] = [];
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp(
      { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
      { logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(() => api.close());

  it('writes a line for each API request and none for the client’s pages and files', async () => {
    lines.length = 0;
    for (const url of ['/', '/sign-in', '/assets/index-abc123.js', '/favicon.svg', '/api/account/validate']) await api.request({ url });
    expect(lines.filter((line) => line.req).map((line) => line.req?.url)).toEqual(['/api/account/validate']);
  });
});
