import type { UserType } from '../../../infrastructure/http/roles.decorator';

/**
 * Integration event: a person created their password through an activation link and can now sign
 * in (a landlord after review, an invited tenant, an operator). Published after the commit, in
 * process: a reaction to it may be lost, so nothing that must happen may depend on it alone.
 */
export class UserActivated {
  constructor(
    readonly userId: string,
    readonly type: UserType,
    /** ISO time. */
    readonly activatedAt: string,
  ) {}
}
