import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { RebuildStatements } from '../modules/statements/contracts/rebuild-statements.command';
import { runCli } from './run-cli';

/**
 * npm run statements:rebuild [-- --dry-run]: rebuilds the statement lines from the start of the
 * ledger with the projector's code, prints every difference with the live lines (both ways) and
 * swaps the rebuilt lines in, in one transaction. --dry-run compares only.
 */
const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });

runCli(async (context) => {
  const result = await context.get(CommandBus).execute(new RebuildStatements(!values['dry-run']));
  for (const difference of result.differences) {
    const what = !difference.live ? 'missing from live' : !difference.rebuilt ? 'only in live' : 'differs';
    console.log(`${difference.journalId}: ${what}`);
    if (difference.live) console.log(`  live:    ${JSON.stringify(difference.live)}`);
    if (difference.rebuilt) console.log(`  rebuilt: ${JSON.stringify(difference.rebuilt)}`);
  }
  console.log(
    `${result.lines} lines rebuilt from the ledger; ${result.differences.length} difference(s) with the live lines; ` +
      (result.swapped ? 'the rebuilt lines are now live.' : 'nothing changed (dry run).'),
  );
});
