import { Query } from '@nestjs/cqrs';

export interface ActivationState {
  /** The link's account has a password already: the page shows Already Activated. */
  activated: boolean;
  /** The link can still create the password (unused, unexpired, for an approved account). */
  linkValid: boolean;
}

/**
 * What /account/create-password shows for an emailed link. Answers only about the account the
 * token was issued for: for an unknown email or a foreign token, { activated: false, linkValid: false }.
 */
export class CheckActivated extends Query<ActivationState> {
  constructor(
    readonly email: string,
    readonly token: string,
  ) {
    super();
  }
}
