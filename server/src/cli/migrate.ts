import { loadConfigOrExit } from '../infrastructure/config/load-config';
import { runMigrations } from '../infrastructure/database/run-migrations';

runMigrations(loadConfigOrExit().migrationDatabaseUrl)
  .then((applied) => {
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Schema is up to date');
  })
  .catch((error: unknown) => {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
