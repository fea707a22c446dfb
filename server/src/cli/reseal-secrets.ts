import { CommandBus } from '@nestjs/cqrs';
import { ResealAuthorizeNetKeys } from '../modules/payments/contracts/reseal-authorize-net-keys.command';
import { runCli } from './run-cli';

/**
 * npm run secrets:reseal: after a new key was put first in SECRETS_ENCRYPTION_KEYS, seals
 * every stored secret again with it; the old key can then be dropped (decision 0046).
 */
runCli(async (context) => {
  const { resealed, accounts } = await context.get(CommandBus).execute(new ResealAuthorizeNetKeys());
  console.log(`${resealed} of ${accounts} Authorize.Net account(s) resealed with the current key.`);
});
