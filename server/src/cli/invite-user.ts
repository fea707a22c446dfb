import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { CreateUser } from '../modules/accounts/contracts/create-user.command';
import { IssuePasswordLink } from '../modules/accounts/contracts/issue-password-link.command';
import type { UserType } from '../infrastructure/http/roles.decorator';
import { runCli } from './run-cli';

const USAGE =
  'Usage: node server/dist/cli/invite-user.js --type landlord|tenant|operator|finance --email someone@example.com ' +
  '[--first-name Ada] [--last-name Lovelace] [--phone "(555) 555-0100"] [--json]';
const TYPES: readonly UserType[] = ['landlord', 'tenant', 'operator', 'finance'];

/**
 * Creates an account that may sign in once its owner sets a password through the printed
 * single-use link (as an approved landlord or an invited tenant would). For support staff and the
 * browser tests' fixtures; no password ever passes through a command line. --json prints
 * { userId, email, url } for scripts.
 */
const { values } = parseArgs({
  options: {
    type: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'Rentwise' },
    'last-name': { type: 'string', default: 'User' },
    phone: { type: 'string', default: '(555) 555-0100' },
    json: { type: 'boolean', default: false },
  },
});

const type = values.type as UserType | undefined;
if (!type || !TYPES.includes(type) || !values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(USAGE);
  process.exit(1);
}

runCli(async (context) => {
  const commands = context.get(CommandBus);
  const email = values.email!.trim().toLowerCase();
  const { userId } = await commands.execute(
    new CreateUser({
      type,
      status: 'approved',
      email,
      firstName: values['first-name']!,
      lastName: values['last-name']!,
      phone: values.phone!,
    }),
  );
  const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
  if (values.json) console.log(JSON.stringify({ userId, email, url }));
  else console.log(`${type} ${email} created. Set the password (link works once, for 7 days):\n${url}`);
});
