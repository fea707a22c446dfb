import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './infrastructure/config/load-config';
import { runMigrations } from './infrastructure/database/run-migrations';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.env.MIGRATE_ON_START) await runMigrations(config.migrationDatabaseUrl);
  const app = await createApp(config);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  console.log(`Rentwise is serving ${config.env.PUBLIC_URL} (API under /api, docs at /api/docs)`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start-up failed: ${error.message}` : error);
  process.exit(1);
});
