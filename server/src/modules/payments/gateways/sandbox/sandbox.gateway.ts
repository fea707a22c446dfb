import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Clock } from '../../../../infrastructure/clock/clock';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import {
  BalanceTransactionFilter,
  BankDebit,
  BankLinkSession,
  CardCharge,
  CardSetupResult,
  CardSetupSession,
  ChargeCard,
  CreateBankLinkSession,
  CreateCardSetup,
  DebitBankAccount,
  PaymentGateway,
  ProviderBalanceTransaction,
  ProviderBankAccount,
  ProviderCharge,
  ProviderDispute,
  ProviderPaymentIntent,
  ProviderPayout,
  ProviderRefund,
  ProviderSavedCard,
  ProviderSetupIntent,
  RefundCharge,
} from '../payment-gateway.port';
import { ConnectedAccountNotFound, OAuthCodeRejected, PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { ConnectedAccountState, CreateAccountLink, CreateConnectedAccount, OAuthAuthorize } from '../../../onboarding/contracts/payout-account-provider.port';
import { GatewayEvent, WebhookEndpoint } from '../../../../infrastructure/inbox/provider-events';
import { ProviderEvent } from '../../../../infrastructure/inbox/provider-events';
import { translateStripeEvent, verifyStripeEvent } from '../stripe/stripe-events';
import { SandboxAccounts } from './sandbox-accounts';
import { SandboxBankDebits } from './sandbox-bank-debits';
import { SandboxCards } from './sandbox-cards';
import { SandboxLinks } from './sandbox-links';
import { SandboxMoney } from './sandbox-money';

/** Stripe's account links last minutes; these are generous enough for a developer who wanders off. */
const ACCOUNT_LINK_LIFETIME_SECONDS = 30 * 60;
const OAUTH_LINK_LIFETIME_SECONDS = 30 * 60;
const DASHBOARD_LINK_LIFETIME_SECONDS = 60 * 60;

/**
 * The webhook signing secret of the sandbox, derived from APP_SECRET so that nothing needs
 * configuring: sign events with it (stripe.webhooks.generateTestHeaderString) and post them to
 * /api/webhooks/stripe exactly as Stripe would.
 */
export function sandboxWebhookSecret(appSecret: string, endpoint: WebhookEndpoint = 'platform'): string {
  const purpose = endpoint === 'connect' ? 'rentwise/sandbox-connect-webhooks' : 'rentwise/sandbox-webhooks';
  return `whsec_${createHmac('sha256', appSecret).update(purpose).digest('hex')}`;
}

/**
 * The offline provider used whenever STRIPE_SECRET_KEY is unset (never in production). It behaves
 * like Stripe where the product can tell: idempotent account creation, hosted onboarding and OAuth
 * pages that redirect back, single-use OAuth codes, signed webhooks and `account.updated` events,
 * a card form that knows Stripe's test cards, and idempotent direct charges that decline as they would.
 */
@Injectable()
export class SandboxGateway extends PaymentGateway {
  readonly name = 'sandbox';
  readonly supportsOAuth = true;
  /** The sandbox's card form is our own page (POST /sandbox/v1/payment_methods), not Stripe.js. */
  readonly publishableKey = null;
  readonly livemode = false;
  readonly webhookSecret: string;
  readonly connectWebhookSecret: string;

  constructor(
    private readonly accounts: SandboxAccounts,
    private readonly links: SandboxLinks,
    private readonly cards: SandboxCards,
    private readonly money: SandboxMoney,
    private readonly bankDebits: SandboxBankDebits,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    super();
    this.webhookSecret = sandboxWebhookSecret(config.appSecret);
    this.connectWebhookSecret = sandboxWebhookSecret(config.appSecret, 'connect');
  }

  async createConnectedAccount({ email, idempotencyKey }: CreateConnectedAccount): Promise<{ accountId: string }> {
    const account = await this.accounts.create(email, idempotencyKey);
    return { accountId: account.accountId };
  }

  async createAccountLink({ accountId, refreshUrl, returnUrl }: CreateAccountLink): Promise<{ url: string }> {
    await this.retrieveAccount(accountId);
    const url = this.links.url(
      'onboard',
      { account: accountId, refresh_url: refreshUrl, return_url: returnUrl },
      ACCOUNT_LINK_LIFETIME_SECONDS,
    );
    return { url };
  }

  oauthAuthorizeUrl({ state, redirectUri, email }: OAuthAuthorize): string {
    return this.links.url(
      'oauth/authorize',
      { state, redirect_uri: redirectUri, ...(email ? { email } : {}) },
      OAUTH_LINK_LIFETIME_SECONDS,
    );
  }

  async exchangeOAuthCode(code: string): Promise<{ accountId: string }> {
    const accountId = await this.accounts.redeemOAuthCode(code);
    if (!accountId) {
      throw new OAuthCodeRejected(`Sandbox OAuth code is unknown or already used`, { code: 'invalid_grant' });
    }
    return { accountId };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountState> {
    const account = await this.accounts.find(accountId);
    if (!account) throw new ConnectedAccountNotFound(`No such sandbox account: ${accountId}`, { code: 'resource_missing' });
    const { chargesEnabled, payoutsEnabled, detailsSubmitted, bankDebitsEnabled } = account;
    return { accountId, chargesEnabled, payoutsEnabled, detailsSubmitted, bankDebitsEnabled };
  }

  async createDashboardLink(accountId: string): Promise<{ url: string }> {
    await this.retrieveAccount(accountId);
    return { url: this.links.url('dashboard', { account: accountId }, DASHBOARD_LINK_LIFETIME_SECONDS) };
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string, endpoint: WebhookEndpoint = 'platform'): GatewayEvent {
    const secret = endpoint === 'connect' ? this.connectWebhookSecret : this.webhookSecret;
    return verifyStripeEvent(rawBody, signatureHeader, secret, this.clock.now().getTime());
  }

  translateEvent(event: GatewayEvent): ProviderEvent | null {
    return translateStripeEvent(event);
  }

  chargeCard(input: ChargeCard): Promise<CardCharge> {
    return this.cards.charge(input);
  }

  retrieveBankAccount(_accountId: string, paymentMethodId: string): Promise<ProviderBankAccount> {
    return this.bankDebits.retrieve(paymentMethodId);
  }

  debitBankAccount(input: DebitBankAccount): Promise<BankDebit> {
    return this.bankDebits.debit(input);
  }

  /** The sandbox links bank accounts through its own stand-in page, not Financial Connections: callers answer before asking. */
  createBankLinkSession(_input: CreateBankLinkSession): Promise<BankLinkSession> {
    return Promise.reject(new PaymentGatewayError('The sandbox has no Financial Connections: link through its stand-in bank page'));
  }

  /** The sandbox's card form makes the payment method itself (no SetupIntent): only the customer is made here. */
  async createCardSetup(input: CreateCardSetup): Promise<CardSetupSession> {
    return { clientSecret: null, setupIntentId: null, customerId: await this.cards.customer(input) };
  }

  finishCardSetup(accountId: string, customerId: string, result: CardSetupResult): Promise<ProviderSavedCard> {
    if (!('paymentMethodId' in result)) {
      return Promise.reject(new ProviderObjectNotFound(`No such sandbox SetupIntent: ${result.setupIntentId} (account ${accountId})`, { code: 'resource_missing' }));
    }
    return this.cards.attach(accountId, customerId, result.paymentMethodId);
  }

  /** The sandbox verifies microdeposits on its own bank page, before a payment method exists: it makes no SetupIntents. */
  retrieveSetupIntent(accountId: string, setupIntentId: string): Promise<ProviderSetupIntent> {
    return Promise.reject(new ProviderObjectNotFound(`No such sandbox SetupIntent: ${setupIntentId} (account ${accountId})`, { code: 'resource_missing' }));
  }

  /** The sandbox's mandates never lapse on their own: a developer revokes one by posting `mandate.updated` by hand. */
  async retrieveMandate(accountId: string, mandateId: string): Promise<{ mandateId: string; status: 'active' | 'inactive' | 'pending' }> {
    return this.bankDebits.mandate(accountId, mandateId);
  }

  retrievePaymentIntent(accountId: string, paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return this.money.retrievePaymentIntent(accountId, paymentIntentId);
  }

  retrieveCharge(accountId: string, chargeId: string): Promise<ProviderCharge> {
    return this.money.retrieveCharge(accountId, chargeId);
  }

  refundCharge(input: RefundCharge): Promise<ProviderRefund> {
    return this.money.refund(input.connectedAccountId, input.chargeId, input.amountCents, { idempotencyKey: input.idempotencyKey });
  }

  retrieveDispute(accountId: string, disputeId: string): Promise<ProviderDispute> {
    return this.money.retrieveDispute(accountId, disputeId);
  }

  retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout> {
    return this.money.retrievePayout(accountId, payoutId);
  }

  listBalanceTransactions(accountId: string, filter: BalanceTransactionFilter): Promise<ProviderBalanceTransaction[]> {
    return this.money.listBalanceTransactions(accountId, filter);
  }
}
