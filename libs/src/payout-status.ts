/**
 * pending: the landlord has not finished onboarding (send them back through an account link).
 * active: rent can be charged and paid out.
 * restricted: onboarding was done but the provider has paused charges or payouts (verification,
 * missing or rejected details): the landlord must act in the provider's dashboard.
 */
export type PayoutStatus = 'pending' | 'active' | 'restricted';

/** A payout account's status from what its provider says of it. */
export function payoutStatusOf(account: { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean }): PayoutStatus {
  if (account.chargesEnabled && account.payoutsEnabled) return 'active';
  if (!account.detailsSubmitted) return 'pending';
  return 'restricted';
}
