import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';

const CLIENT_REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * The request's id: the caller's X-Request-Id when it is a sane token, else a new UUID. Kept on the
 * request, so the access log (pino-http) and the message chain (which starts with it) agree.
 */
export function requestIdOf(request: IncomingMessage & { id?: unknown }): string {
  if (typeof request.id === 'string') return request.id;
  const header = request.headers['x-request-id'];
  const id = typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : randomUUID();
  request.id = id;
  return id;
}
