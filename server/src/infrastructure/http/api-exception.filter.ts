import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { errorCodes, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { isApiPath } from './api-path';
import type { ClientPages } from './client-pages';
import { isDependencyUnavailable } from './dependency-unavailable';

interface ApiErrorBody {
  status: 'error';
  error: string;
  /** A machine-readable reason when the client must act on it (e.g. 'reauthenticate'). */
  code?: string;
  /** The health check's per-service results, when it answers 503. */
  details?: Record<string, unknown>;
}

interface HealthCheckFailure {
  error: Record<string, unknown>;
  details: Record<string, unknown>;
}

/** Terminus's 503 body: { status: 'error', info, error: { <service>: ... }, details }. */
function healthCheckFailureOf(exception: HttpException): HealthCheckFailure | undefined {
  const response = exception.getResponse() as Partial<HealthCheckFailure> | string;
  if (typeof response !== 'object' || typeof response.error !== 'object' || typeof response.details !== 'object') {
    return undefined;
  }
  return response as HealthCheckFailure;
}

const CATALOGUE_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/**
 * A 503 says which service is down (health) or asks to try again; it never carries internals. Our
 * own 503s may choose the catalogue's words (a card gateway that did not answer: 'Please refresh and try again.').
 */
function unavailableBody(exception: HttpException): ApiErrorBody {
  const health = healthCheckFailureOf(exception);
  if (health) {
    return { status: 'error', error: `Unavailable: ${Object.keys(health.error).join(', ')} down`, details: health.details };
  }
  const message = messageOf(exception);
  return { status: 'error', error: CATALOGUE_MESSAGES.has(message) ? message : MESSAGES.serviceUnavailable };
}

/**
 * Fastify's own 4xx messages ('Body is not valid JSON but content-type is set to ...'), which Nest
 * rethrows as plain HttpExceptions, as patterns: they are for developers, so people get the
 * catalogue's words instead.
 */
const FRAMEWORK_MESSAGES: RegExp[] = Object.values(errorCodes)
  .map((FastifyError) => new FastifyError())
  // FST_ERR_VALIDATION's message is the whole template ('%s'): it would match anything.
  .filter((error) => error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.message !== '%s')
  .map((error) => new RegExp(`^${error.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%s/g, '.*')}$`, 's'));

/** Nest's answer to a path no route matches, 'Cannot GET /api/x', which also echoes the path back. */
const NO_ROUTE = /^Cannot [A-Z]+ \//;

function catalogueWordsFor(status: number, message: string): string {
  if (status === HttpStatus.NOT_FOUND && NO_ROUTE.test(message)) return MESSAGES.notFound;
  if (!FRAMEWORK_MESSAGES.some((pattern) => pattern.test(message))) return message;
  if (status === HttpStatus.UNSUPPORTED_MEDIA_TYPE) return MESSAGES.unsupportedBodyType;
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return MESSAGES.requestTooLarge;
  if (status === HttpStatus.NOT_FOUND) return MESSAGES.notFound;
  return MESSAGES.invalidRequest;
}

/**
 * Any GET outside /api is a page of the client app, which renders its own not-found page; so is a
 * HEAD, which uptime monitors and link checkers send before (or instead of) a GET.
 */
function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
}

function codeOf(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  const code = typeof response === 'object' ? (response as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A refusal that says when to try again (the limit on declined cards) carries it as Retry-After, in seconds. */
function retryAfterSecondsOf(exception: HttpException): number | undefined {
  const response = exception.getResponse();
  const seconds = typeof response === 'object' ? (response as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown; error?: unknown }).message;
  if (Array.isArray(message)) return String(message[0]);
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * Every error leaves as { status: 'error', error } (the spec's answer shape). 4xx carry a message
 * the user can act on; 5xx are logged with their cause and answered with the catalogue's fallback.
 * Unknown page paths fall through to the client app, which renders its own not-found page.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  /** Without the client's build (an API-only process), unknown pages answer 404 like the API's. */
  constructor(private readonly clientPages: ClientPages | undefined) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND) {
      if (this.clientPages && isPageRequest(request)) {
        // Vary: a signed-in visitor is sent index.html where a signed-out one gets the prerendered page.
        void reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile(this.clientPages.fileFor(request));
        return;
      }
    }

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let body: ApiErrorBody = { status: 'error', error: MESSAGES.unexpectedError };
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      status = exception.getStatus();
      const code = codeOf(exception);
      body = { status: 'error', error: catalogueWordsFor(status, messageOf(exception)), ...(code && { code }) };
      const retryAfterSeconds = retryAfterSecondsOf(exception);
      if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
    } else if (exception instanceof HttpException && exception.getStatus() === HttpStatus.SERVICE_UNAVAILABLE) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      body = unavailableBody(exception);
    } else if (isDependencyUnavailable(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      body = { status: 'error', error: MESSAGES.serviceUnavailable };
      this.logger.warn({ err: exception, url: request.url }, 'A service we depend on is unavailable');
    } else {
      this.logger.error({ err: exception, url: request.url }, 'Request failed');
    }
    void reply.status(status).send(body);
  }
}
