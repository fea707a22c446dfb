import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { CreateUser } from '../modules/accounts/contracts/create-user.command';
import { IssuePasswordLink } from '../modules/accounts/contracts/issue-password-link.command';
import { runCli } from './run-cli';

export interface StaffKind {
  type: 'operator' | 'finance';
  /** How the printed lines name the person: 'Operator', 'Finance user'. */
  label: string;
  script: string;
  example: { email: string; firstName: string; lastName: string };
}

/**
 * Creates a staff account (operator, finance) and prints a single-use link to set its password:
 * no password ever passes through a command line or a shell history.
 */
export function createStaffUser(kind: StaffKind): void {
  const usage =
    `Usage: npm run ${kind.script} -- --email ${kind.example.email} [--first-name ${kind.example.firstName}] ` +
    `[--last-name ${kind.example.lastName}] [--phone "(555) 555-0100"]`;
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Rentwise' },
      'last-name': { type: 'string', default: kind.type === 'operator' ? 'Operator' : 'Finance' },
      phone: { type: 'string', default: '(000) 000-0000' },
    },
  });

  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    console.error(usage);
    process.exit(1);
  }

  runCli(async (context) => {
    const commands = context.get(CommandBus);
    const { userId } = await commands.execute(
      new CreateUser({
        type: kind.type,
        status: 'approved',
        email: values.email!.toLowerCase(),
        firstName: values['first-name']!,
        lastName: values['last-name']!,
        phone: values.phone!,
      }),
    );
    const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
    console.log(`${kind.label} ${values.email} created. Set the password (link works once, for 7 days):\n${url}`);
  });
}
