import { parseArgs } from 'node:util';
import { Inbox, InboxStatus } from '../infrastructure/inbox/inbox';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run webhooks:replay -- --list [--status failed,unhandled] [--limit 50]
  npm run webhooks:replay -- <inbox id or evt_ id> ...       replay these events
  npm run webhooks:replay -- --status failed                  replay every event in these states`;

const STATUSES: readonly InboxStatus[] = ['pending', 'done', 'skipped', 'unhandled', 'failed'];

/** Lists the provider-event inbox and replays events (a replayed event is worked again from its stored row). */
runCli(async (context) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { list: { type: 'boolean' }, status: { type: 'string' }, limit: { type: 'string' }, help: { type: 'boolean' } },
  });
  const statuses = values.status?.split(',').map((status) => status.trim()) ?? [];
  const unknown = statuses.filter((status) => !STATUSES.includes(status as InboxStatus));
  if (values.help || unknown.length > 0 || (!values.list && positionals.length === 0 && statuses.length === 0)) {
    console.log(unknown.length ? `Unknown status ${unknown.join(', ')} (${STATUSES.join(', ')})\n${USAGE}` : USAGE);
    return;
  }
  const inbox = context.get(Inbox);
  if (values.list) {
    const rows = await inbox.list({ statuses: statuses as InboxStatus[], limit: Number(values.limit ?? 50) });
    for (const row of rows) {
      console.log(
        [row.receivedAt.toISOString(), row.id, row.providerEventId, row.type, row.accountId ?? '-', row.status, `attempts=${row.attempts}`, row.lastError ?? row.outcome ?? ''].join('  '),
      );
    }
    console.log(`${rows.length} event(s)`);
    return;
  }
  const ids = positionals.length > 0 ? positionals : (await inbox.list({ statuses: statuses as InboxStatus[], limit: 10_000 })).map((row) => row.id);
  const replayed = await inbox.replay(ids);
  console.log(`Queued ${replayed.length} event(s) again; the workers (npm run worker, or the API with RUN_WORKERS) will handle them.`);
});
