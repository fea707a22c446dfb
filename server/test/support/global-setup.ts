import { runMigrations } from '../../src/infrastructure/database/run-migrations';
import { createThrowawayDatabase } from './throwaway-database';

/** One fresh, migrated database for the whole run; its URL replaces DATABASE_URL for every test file. */
export default async function globalSetup(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || !process.env.REDIS_URL) {
    throw new Error('Integration tests need DATABASE_URL and REDIS_URL: run them through `npm test`');
  }
  const url = await createThrowawayDatabase(baseUrl, 'rentwise_it');
  process.env.RENTWISE_BASE_DATABASE_URL = baseUrl;
  process.env.DATABASE_URL = url;
  await runMigrations(url);
}
