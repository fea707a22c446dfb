import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@rentwise/libs/messages';

/**
 * Fastify and Node answer a few requests before Nest (and its exception filter) ever runs: a URL
 * that does not decode, a path parameter over maxParamLength, a request Node cannot parse. These
 * give them the usual { status: 'error', error } shape, and never echo the request back.
 */
const ROUTING_MESSAGES: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'This address is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'This address is too long.'],
};

/** Fastify's `frameworkErrors` option: routing errors found before any route runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTING_MESSAGES[error.code] ?? [500, MESSAGES.unexpectedError];
  void reply.status(status).send({ status: 'error', error: message });
}

const CLIENT_ERRORS: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive. Please try again.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};

/** Fastify's `clientErrorHandler` option: Node could not read the request, so the answer is written by hand. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify({ status: 'error', error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
