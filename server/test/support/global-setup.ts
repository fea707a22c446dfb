import { runMigrations } from '../../src/infrastructure/database/run-migrations';
import { createThrowawayDatabase, withDatabase } from './throwaway-database';

/**
 * One fresh, migrated database for the whole run. It is created and migrated as the owner role
 * (DATABASE_MIGRATION_URL, else DATABASE_URL), and the app connects to it as DATABASE_URL's role,
 * as in production. Its URLs replace both variables for every test file.
 */
export default async function globalSetup(): Promise<void> {
  const appBaseUrl = process.env.DATABASE_URL;
  if (!appBaseUrl || !process.env.REDIS_URL) {
    throw new Error('Integration tests need DATABASE_URL and REDIS_URL: run them through `npm test`');
  }
  const ownerBaseUrl = process.env.DATABASE_MIGRATION_URL || appBaseUrl;
  const ownerUrl = await createThrowawayDatabase(ownerBaseUrl, 'rentwise_it');
  process.env.RENTWISE_BASE_DATABASE_URL = ownerBaseUrl;
  process.env.DATABASE_MIGRATION_URL = ownerUrl;
  process.env.DATABASE_URL = withDatabase(appBaseUrl, new URL(ownerUrl).pathname.slice(1));
  await runMigrations(ownerUrl);
}
