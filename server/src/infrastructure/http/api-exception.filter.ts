import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';

interface ApiErrorBody {
  status: 'error';
  error: string;
  /** A machine-readable reason when the client must act on it (e.g. 'reauthenticate'). */
  code?: string;
}

/** Any GET outside /api is a page of the client app, which renders its own not-found page. */
function isPageRequest(request: FastifyRequest): boolean {
  return request.method === 'GET' && !/^\/api(\/|\?|$)/.test(request.url);
}

function codeOf(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  const code = typeof response === 'object' ? (response as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
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

  constructor(private readonly serveClientIndex: boolean) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND) {
      if (this.serveClientIndex && isPageRequest(request)) {
        void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
        return;
      }
    }

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let body: ApiErrorBody = { status: 'error', error: MESSAGES.unexpectedError };
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      status = exception.getStatus();
      const code = codeOf(exception);
      body = { status: 'error', error: messageOf(exception), ...(code && { code }) };
    } else {
      this.logger.error({ err: exception, url: request.url }, 'Request failed');
    }
    void reply.status(status).send(body);
  }
}
