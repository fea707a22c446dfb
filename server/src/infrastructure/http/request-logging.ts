import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Logger } from 'pino';
import { MessageChain } from '../messaging/envelope';
import { requestIdOf } from './request-id';

/** Probed every few seconds by the platform: a line each would drown the rest. */
const UNLOGGED_PATHS = new Set(['/api/health']);

/** The API and the development tools; anything else is the client's pages and files. */
const API_PATH = /^\/(api|dev|sandbox)(\/|$)/;

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Each request starts a message chain whose correlation id is its request id (so commands, jobs,
 * emails and every log line on the way carry it), and ends with one access-log line: method, path
 * (never the query), status and time, no headers (they carry cookies and tokens). Plain Fastify
 * hooks, so no Nest middleware layer runs per request.
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: Logger, { apiOnly = false } = {}): void {
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    MessageChain.start(requestIdOf(request.raw), done);
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const path = pathOf(request.url);
    // apiOnly (a person's terminal in development): no line for each page and file of the client.
    if (!UNLOGGED_PATHS.has(path) && (!apiOnly || API_PATH.test(path) || reply.statusCode >= 500)) {
      const id = requestIdOf(request.raw);
      const failed = reply.statusCode >= 500;
      logger[failed ? 'error' : 'info'](
        {
          correlationId: id,
          req: { id, method: request.method, url: path },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        failed ? 'request errored' : 'request completed',
      );
    }
    done();
  });
}
