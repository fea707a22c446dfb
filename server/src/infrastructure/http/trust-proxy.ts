import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A hop count keeps proxy-addr's meaning: the
 * nearest `count` peers are our proxies, whoever they are, and the address before them is the
 * client's. Fastify 5.12 answers a bare number by trusting no one (it cannot check the peer), which
 * would count every client behind the proxy as one address in the sign-in limits. Whoever deploys
 * with a hop count must let clients reach the API only through those proxies; proxy addresses are
 * the stricter setting.
 */
export function trustProxyOf(setting: boolean | number | string): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
