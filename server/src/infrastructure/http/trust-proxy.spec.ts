import Fastify from 'fastify';
import { trustProxyOf } from './trust-proxy';

/** The address a request is counted under, with X-Forwarded-For from the given chain. */
async function clientAddress(setting: boolean | number | string, forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOf(setting) });
  app.get('/', (request) => ({ ip: request.ip }));
  try {
    const response = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': forwardedFor }, remoteAddress: '10.0.0.2' });
    return response.json<{ ip: string }>().ip;
  } finally {
    await app.close();
  }
}

describe('trustProxyOf', () => {
  it('believes as many hops as the count: one proxy in front gives the address it saw', async () => {
    expect(await clientAddress(1, '203.0.113.9')).toBe('203.0.113.9');
    // A client's own X-Forwarded-For entry sits behind the proxy's and is not believed.
    expect(await clientAddress(1, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(2, '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
  });

  it('believes no header when off, and only the listed proxies when given addresses', async () => {
    expect(await clientAddress(false, '203.0.113.9')).toBe('10.0.0.2');
    expect(await clientAddress('10.0.0.0/8', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('192.0.2.1', '203.0.113.9')).toBe('10.0.0.2');
  });
});
