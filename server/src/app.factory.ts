import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { Clock } from './infrastructure/clock/clock';
import { createRootLogger } from './infrastructure/logging/root-logger';
import { AppConfig } from './infrastructure/config/app-config';
import { ApiExceptionFilter } from './infrastructure/http/api-exception.filter';
import { ClientPages } from './infrastructure/http/client-pages';
import { registerCrossSiteDefences } from './infrastructure/http/cross-site-defences';
import { registerRequestLogging } from './infrastructure/http/request-logging';
import { registerSecurityHeaders } from './infrastructure/http/security-headers';
import { EMAIL_LOGO_PATH } from './infrastructure/mail/email-layout';
import { clientErrorHandler, frameworkErrors } from './infrastructure/http/framework-errors';
import { SANDBOX_ANET_NONCES_PATH, SANDBOX_BANK_ACCOUNTS_PATH, SANDBOX_PAYMENT_METHODS_PATH } from './modules/payments/contracts/sandbox-paths';
import { AcceptableTextPipe } from './infrastructure/http/acceptable-text.pipe';
import { trustProxyOf } from './infrastructure/http/trust-proxy';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

function clientDistDirectory(config: AppConfig): string | undefined {
  if (!config.env.SERVE_CLIENT) return undefined;
  const directory = resolve(config.env.CLIENT_DIST ?? resolve(__dirname, '../../client/dist'));
  return existsSync(resolve(directory, 'index.html')) ? directory : undefined;
}

/** Builds the HTTP application: API under /api, the client app on every other path, one port. */
export interface AppOptions {
  /** Tests pass a FixedClock; everything else runs on the system clock. */
  clock?: Clock;
  /** Where log lines go (tests read them); standard output otherwise. */
  logDestination?: DestinationStream;
}

/**
 * Served outside /api: development pages, and the sandboxes' card tokenizers, which stand in for
 * the providers' own hosts so that card data never enters /api.
 */
export const OUTSIDE_API = [
  'dev/mailbox',
  'dev/sandbox',
  'dev/clock',
  SANDBOX_PAYMENT_METHODS_PATH,
  SANDBOX_BANK_ACCOUNTS_PATH,
  `${SANDBOX_BANK_ACCOUNTS_PATH}/:id/verify_microdeposits`,
  SANDBOX_ANET_NONCES_PATH,
] as const;

export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: trustProxyOf(config.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Ids and keys are far shorter; a longer path parameter is refused (414) before routing.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
    // No Nest middleware anywhere (the access log and message chain are Fastify hooks), so no
    // @fastify/middie hook on every request.
    skipMiddie: true,
  });
  const logger = createRootLogger(config, options.logDestination);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, 'api', options.clock, logger), adapter, {
    bufferLogs: true,
    // Keeps request.rawBody for JSON bodies: webhook signatures are computed over the exact bytes.
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  // Lines logged while the app was built were buffered: write them now, and let later ones through.
  app.flushLogs();
  // The sandbox's card tokenizer stands in for Stripe's own host, so card data never enters /api.
  app.setGlobalPrefix('api', { exclude: [...OUTSIDE_API] });
  app.enableShutdownHooks();

  registerRequestLogging(app.getHttpAdapter().getInstance(), logger, { apiOnly: config.env.LOG_FORMAT === 'pretty' });
  // Built once from configuration (helmet's defaults with our CSP), not per response.
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), {
    stripe: config.paymentGateway === 'stripe',
    acceptJs: config.acceptJsOrigins,
    production: config.isProduction,
  });
  // JSON (and streamed CSV) answers of 1 KB or more; the client's static files come precompressed.
  // Request bodies are never compressed by our pages or the providers, so they are not inflated
  // either (a compressed body is refused by the cross-site defences): no preParsing hook per request.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  registerCrossSiteDefences(app.getHttpAdapter().getInstance(), config);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  const clientDist = clientDistDirectory(config);
  if (clientDist) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      // The build's brotli and gzip twins (client/vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (path.includes('/assets/')) void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        // The emails' logo: shown by mail apps from their own origins (and the dev mailbox's sandboxed
        // frames), and never changed under its name (a new mark takes a new one).
        if (path.endsWith(EMAIL_LOGO_PATH)) {
          void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        }
      },
    });
  }
  app.useGlobalFilters(new ApiExceptionFilter(clientDist ? ClientPages.in(clientDist) : undefined));
  app.useGlobalPipes(new AcceptableTextPipe());

  const openApi = new DocumentBuilder()
    .setTitle('Rentwise API')
    .setDescription('Rent collection for landlords and tenants. Answers use { status, error } on failure.')
    .setVersion('1')
    .addCookieAuth('rw_session')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  return app;
}
