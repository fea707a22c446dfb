import { Foundation1732300000000 } from './1732300000000-foundation';
import { Accounts1732400000000 } from './1732400000000-accounts';

/** Listed explicitly (no globs) so that the CLI, the app and the tests run the same set in order. */
export const migrations = [Foundation1732300000000, Accounts1732400000000];
