import { dropDatabase } from './throwaway-database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.RENTWISE_BASE_DATABASE_URL && process.env.DATABASE_URL) {
    await dropDatabase(process.env.DATABASE_URL);
  }
}
