/** The absolute links of onboarding: in emails, and handed to the payment provider to come back to. */

export const PAYOUT_ACCOUNT_API_PATH = '/api/onboarding/payout-account';

const absolute = (publicUrl: string, path: string, query: Record<string, string>): string => {
  const url = new URL(path, publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

/** Step 1 of the approval email; `oauth` connects an existing Stripe account instead of opening one. */
export function stepOneUrl(publicUrl: string, token: string, method?: 'oauth'): string {
  return absolute(publicUrl, `${PAYOUT_ACCOUNT_API_PATH}/start`, { token, ...(method ? { method } : {}) });
}

/** Where the provider sends the landlord back (the spec's /landlord/oAuth page of the client). */
export function payoutReturnUrl(publicUrl: string, state?: string): string {
  return absolute(publicUrl, '/landlord/oAuth', state ? { state } : {});
}

/** Where the provider sends the landlord when an Account Link has expired: we make a new one. */
export function accountLinkRefreshUrl(publicUrl: string, state: string): string {
  return absolute(publicUrl, `${PAYOUT_ACCOUNT_API_PATH}/refresh`, { state });
}

export type PayoutErrorReason = 'link';

/** The client's failure page; `link` says the emailed link itself is the problem. */
export function payoutErrorPage(publicUrl: string, reason?: PayoutErrorReason): string {
  return absolute(publicUrl, '/landlord/stripe-account/error', reason ? { reason } : {});
}
