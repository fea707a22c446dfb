import { Client } from 'pg';

/**
 * Runs SQL as the tables' owner (the migrations' role). The app's own role may not create
 * functions or triggers, so a test that plants a failure in the database does it through here.
 */
export async function asOwner(sql: string, parameters: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql, parameters);
  } finally {
    await client.end();
  }
}
