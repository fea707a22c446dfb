import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './infrastructure/config/load-config';

/** The queue workers (mail, webhooks) and the outbox relay, without HTTP. `npm run worker`. */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const context = await NestFactory.createApplicationContext(AppModule.register(config, 'worker'), {
    bufferLogs: true,
  });
  context.useLogger(context.get(Logger));
  context.enableShutdownHooks();
  console.log('Rentwise worker is processing the mail and webhooks queues');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? `Worker start-up failed: ${error.message}` : error);
  process.exit(1);
});
