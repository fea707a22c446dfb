import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { CreateUser } from '../modules/accounts/contracts/create-user.command';
import { IssuePasswordLink } from '../modules/accounts/contracts/issue-password-link.command';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run operator:create -- --email ops@example.com [--first-name Olive] [--last-name Ops] [--phone "(555) 555-0100"]';

/**
 * Creates an operator (the person who reviews landlord registrations) and prints a single-use
 * link to set their password: no password ever passes through a command line or a shell history.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'Rentwise' },
    'last-name': { type: 'string', default: 'Operator' },
    phone: { type: 'string', default: '(000) 000-0000' },
  },
});

if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(USAGE);
  process.exit(1);
}

runCli(async (context) => {
  const commands = context.get(CommandBus);
  const { userId } = await commands.execute(
    new CreateUser({
      type: 'operator',
      status: 'approved',
      email: values.email!.toLowerCase(),
      firstName: values['first-name']!,
      lastName: values['last-name']!,
      phone: values.phone!,
    }),
  );
  const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
  console.log(`Operator ${values.email} created. Set the password (link works once, for 7 days):\n${url}`);
});
