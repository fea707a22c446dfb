import { AddressInfo, connect } from 'node:net';
import { startTestApp, TestApp } from '../support/test-app';

/** One raw HTTP/1.1 exchange over a socket, so requests Node's parser itself refuses can be sent. */
function rawRequest(port: number, request: string): Promise<{ statusCode: number; body: string; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = raw.split('\r\n\r\n');
      resolve({ statusCode: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n'), raw });
    });
  });
}

const errorShape = { status: 'error', error: expect.any(String) };

/** Answers Fastify or Node give before Nest runs keep the { status, error } shape and echo nothing back. */
describe('errors raised before the API code runs', () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => testApp.close());

  it('answers an over-long path parameter with 414 in the usual shape, without the URL', async () => {
    const marker = `x${'a'.repeat(300)}<script>`;
    const response = await testApp.request({ method: 'GET', url: `/api/landlord/properties/${marker}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual(errorShape);
    expect(response.body).not.toContain('aaaa');
  });

  it('answers a malformed URL with 400 in the usual shape, without the URL', async () => {
    const response = await rawRequest(port, 'GET /api/landlord/properties/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual(errorShape);
    expect(response.body).not.toContain('%E0');
  });

  it('answers headers that are too large with 431 in the usual shape', async () => {
    const response = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.statusCode).toBe(431);
    expect(JSON.parse(response.body)).toEqual(errorShape);
  });

  it('answers a request line the parser cannot read with 400 in the usual shape', async () => {
    const response = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost localhost\r\n\r\n');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual(errorShape);
  });

  it('answers a body that is not valid JSON, and one over the size limit, in the usual shape', async () => {
    const invalid = await testApp.request({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual(errorShape);

    const huge = await testApp.request({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'p'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual(errorShape);
  });
});
