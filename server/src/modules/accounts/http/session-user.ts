import type { RequestWithRequester } from '../../../infrastructure/http/current-user';
import type { User } from '../users/user.entity';

/** The guard keeps the user it loaded, so Accounts' own endpoints need not load it again. */
export interface RequestWithSessionUser extends RequestWithRequester {
  sessionUser?: User;
}
