import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { Clock, MovableClock } from '../infrastructure/clock/clock';
import { PostDueRentCharges } from '../modules/payments/contracts/post-due-rent-charges.command';
import { RunAutopay } from '../modules/payments/contracts/run-autopay.command';
import { runCli } from './run-cli';

/**
 * npm run autopay:run [-- --at <ISO time>]: runs the scheduled money jobs once, as the worker does
 * every 15 minutes: the rent charges due, then autopay (decision 0042), which takes what is owed on
 * the day. Exactly once per charge and automatic payment, whoever else runs them. --at runs them as at
 * a later time (development and tests only: the crash suite kills this process mid-run).
 */
const { values } = parseArgs({ options: { at: { type: 'string' } } });

runCli(async (context) => {
  if (values.at) {
    const clock = context.get(Clock);
    const at = new Date(values.at);
    if (!(clock instanceof MovableClock)) throw new Error('--at runs only outside production');
    if (Number.isNaN(at.getTime())) throw new Error(`--at ${values.at} is not an ISO time`);
    clock.moveTo(at);
  }
  const commands = context.get(CommandBus);
  const charges = await commands.execute(new PostDueRentCharges());
  const autopay = await commands.execute(new RunAutopay());
  console.log(JSON.stringify({ charges, autopay }));
});
