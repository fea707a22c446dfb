import type { Provider } from '@nestjs/common';
import { SecretBox } from '../../../infrastructure/security/secret-box';
import { AuthorizeNetAccounts } from './authorize-net-accounts';
import { GetAuthorizeNetAccountHandler } from './get-authorize-net-account.handler';
import { ResealAuthorizeNetKeysHandler } from './reseal-authorize-net-keys.handler';
import { SaveAuthorizeNetAccountHandler } from './save-authorize-net-account.handler';

/** Landlords' own Authorize.Net merchant accounts (decision 0046). */
export const authorizeNetAccountProviders: Provider[] = [
  SecretBox,
  AuthorizeNetAccounts,
  SaveAuthorizeNetAccountHandler,
  GetAuthorizeNetAccountHandler,
  ResealAuthorizeNetKeysHandler,
];
