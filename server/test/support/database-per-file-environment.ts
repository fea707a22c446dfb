import { TestEnvironment } from 'jest-environment-node';
import { createThrowawayDatabase, dropDatabase, withDatabase } from './throwaway-database';

/**
 * Each test file gets its own copy of the run's migrated database (CREATE DATABASE … TEMPLATE,
 * a few hundred milliseconds). A file's outbox rows, inbox rows and projector position are then its
 * own: rows a file left pending were otherwise relayed by the next file's app, to its queues and its
 * mailbox, and held up that file's emails.
 */
export default class DatabasePerFileEnvironment extends TestEnvironment {
  private fileDatabaseUrl?: string;

  override async setup(): Promise<void> {
    await super.setup();
    const env = this.global.process.env;
    const templateUrl = env.DATABASE_MIGRATION_URL;
    if (!templateUrl || !env.DATABASE_URL) return;
    this.fileDatabaseUrl = await createThrowawayDatabase(templateUrl, 'rentwise_it_file', new URL(templateUrl).pathname.slice(1));
    env.DATABASE_MIGRATION_URL = this.fileDatabaseUrl;
    env.DATABASE_URL = withDatabase(env.DATABASE_URL, new URL(this.fileDatabaseUrl).pathname.slice(1));
  }

  override async teardown(): Promise<void> {
    if (this.fileDatabaseUrl) await dropDatabase(this.fileDatabaseUrl);
    await super.teardown();
  }
}
