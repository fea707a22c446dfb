/**
 * What onboarding needs from the payment provider to open and follow a landlord's payout account, in
 * its own words. Onboarding owns this port; the payments module's card gateway (Stripe Connect, or
 * its development-only sandbox) is its adapter, so the account a landlord connects here is the one
 * their tenants' rent is charged on. Inject `PayoutAccountProvider` (this abstract class is the Nest token).
 */

/** A landlord's connected (payout) account, as the provider reports it now. */
export interface ConnectedAccountState {
  accountId: string;
  /** The account can accept card payments. */
  chargesEnabled: boolean;
  /** The provider will pay funds out to the landlord's bank. */
  payoutsEnabled: boolean;
  /** The landlord has been through onboarding once (the provider may still ask for more). */
  detailsSubmitted: boolean;
  /** The account can take bank (ACH) debits: Stripe's `us_bank_account_ach_payments` capability is active. */
  bankDebitsEnabled: boolean;
}

export interface CreateConnectedAccount {
  email: string;
  /** Same key, same account: a retried request never opens a second account. */
  idempotencyKey: string;
}

export interface CreateAccountLink {
  accountId: string;
  /** Where the provider sends the landlord when the link has expired or was already used: make a new link there. */
  refreshUrl: string;
  /** Where the provider sends the landlord after onboarding (finished or not: check `retrieveAccount`). */
  returnUrl: string;
}

export interface OAuthAuthorize {
  /** Opaque value the provider hands back unchanged on redirect; verify it there (CSRF). */
  state: string;
  /** Must be registered with the provider (Stripe: Connect settings > Redirects). */
  redirectUri: string;
  /** Prefills the provider's sign-in form. */
  email?: string;
}

export abstract class PayoutAccountProvider {
  abstract readonly name: 'stripe' | 'sandbox';

  /** Whether `oauthAuthorizeUrl` works (Stripe needs STRIPE_CLIENT_ID for it). */
  abstract readonly supportsOAuth: boolean;

  /** Opens a US payout account (card payments and transfers requested) for a new landlord. */
  abstract createConnectedAccount(input: CreateConnectedAccount): Promise<{ accountId: string }>;

  /** A single-use URL of the provider's hosted onboarding for that account. */
  abstract createAccountLink(input: CreateAccountLink): Promise<{ url: string }>;

  /**
   * For landlords who already have a Stripe account: where to send the browser to authorize us.
   * The provider redirects to `redirectUri?code=...&state=...` (or `?error=...&state=...`).
   */
  abstract oauthAuthorizeUrl(input: OAuthAuthorize): string;

  /** Trades the code from the OAuth redirect for the landlord's account id (server side; the secret stays here). Throws OAuthCodeRejected. */
  abstract exchangeOAuthCode(code: string): Promise<{ accountId: string }>;

  /** Throws ConnectedAccountNotFound when the provider does not know the account. */
  abstract retrieveAccount(accountId: string): Promise<ConnectedAccountState>;

  /** A short-lived URL where the landlord sees their payouts (Express login link, or the full dashboard). */
  abstract createDashboardLink(accountId: string): Promise<{ url: string }>;
}
