import { dropDatabase } from './throwaway-database';

export default async function globalTeardown(): Promise<void> {
  const ownerUrl = process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL;
  if (process.env.RENTWISE_BASE_DATABASE_URL && ownerUrl) {
    await dropDatabase(ownerUrl);
  }
}
