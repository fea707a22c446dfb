import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfigOrExit } from '../infrastructure/config/load-config';

/** Runs a command-line task inside the application (no HTTP, no queue workers) and exits. */
export function runCli(task: (context: INestApplicationContext) => Promise<void>): void {
  const config = loadConfigOrExit();
  NestFactory.createApplicationContext(AppModule.register(config, 'cli'), { logger: ['error', 'warn'] })
    .then(async (context) => {
      try {
        await task(context);
      } finally {
        await context.close();
      }
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
