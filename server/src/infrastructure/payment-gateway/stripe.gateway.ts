import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import {
  CardCharge,
  CardDeclined,
  ChargeCard,
  ConnectedAccountNotFound,
  ConnectedAccountState,
  CreateAccountLink,
  CreateConnectedAccount,
  GatewayEvent,
  OAuthAuthorize,
  OAuthCodeRejected,
  PaymentGateway,
  PaymentGatewayError,
} from './payment-gateway.port';
import { verifyStripeEvent } from './stripe-events';

/** Where owners of a Standard account (connected through OAuth) see their payouts: their own dashboard. */
const FULL_DASHBOARD_URL = 'https://dashboard.stripe.com/';

interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  origin: string;
}

/** STRIPE_API_BASE (a local fake in tests, stripe-mock, a proxy) replaces api.stripe.com and connect.stripe.com. */
function endpointFrom(base: string | undefined): StripeEndpoint | undefined {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    origin: url.origin,
  };
}

function usesFullDashboard(account: Stripe.Account): boolean {
  return account.controller?.stripe_dashboard?.type === 'full' || account.type === 'standard';
}

function hasNoDashboard(account: Stripe.Account): boolean {
  return account.controller?.stripe_dashboard?.type === 'none' || account.type === 'custom';
}

/** Stripe's own fee on a charge: everything in fee_details except our application fee. */
function processorFeeOf(balance: Stripe.BalanceTransaction): number {
  return balance.fee_details.filter((fee) => fee.type !== 'application_fee').reduce((sum, fee) => sum + fee.amount, 0);
}

/** Stripe Connect through the official SDK: Accounts API + Account Links by default, OAuth for existing Stripe users. */
@Injectable()
export class StripeGateway extends PaymentGateway {
  readonly name = 'stripe';
  readonly supportsOAuth: boolean;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private readonly endpoint?: StripeEndpoint;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
    const secretKey = config.env.STRIPE_SECRET_KEY;
    if (!secretKey) throw new Error('StripeGateway needs STRIPE_SECRET_KEY');
    this.supportsOAuth = Boolean(config.env.STRIPE_CLIENT_ID);
    this.publishableKey = config.env.STRIPE_PUBLISHABLE_KEY ?? null;
    this.endpoint = endpointFrom(config.env.STRIPE_API_BASE);
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Rentwise' },
      ...(this.endpoint && { host: this.endpoint.host, port: this.endpoint.port, protocol: this.endpoint.protocol }),
    });
  }

  async createConnectedAccount({ email, idempotencyKey }: CreateConnectedAccount): Promise<{ accountId: string }> {
    const account = await this.call('create a connected account', () =>
      this.stripe.accounts.create(
        {
          country: 'US',
          email,
          // Rent is a direct charge on this account, which pays Stripe's own fee (the landlord's
          // tax-deductible processing fee); Stripe requires losses on Stripe and the full dashboard with
          // it, and lets the fee payer be set only now (docs/decisions/0012).
          controller: {
            stripe_dashboard: { type: 'full' },
            requirement_collection: 'stripe',
            fees: { payer: 'account' },
            losses: { payments: 'stripe' },
          },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey },
      ),
    );
    return { accountId: account.id };
  }

  async createAccountLink({ accountId, refreshUrl, returnUrl }: CreateAccountLink): Promise<{ url: string }> {
    const link = await this.call(
      'create an account link',
      () =>
        this.stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        }),
      accountId,
    );
    return { url: link.url };
  }

  oauthAuthorizeUrl({ state, redirectUri, email }: OAuthAuthorize): string {
    const clientId = this.config.env.STRIPE_CLIENT_ID;
    if (!clientId) throw new PaymentGatewayError('OAuth needs STRIPE_CLIENT_ID (Stripe Connect settings)');
    const url = new URL(
      this.stripe.oauth.authorizeUrl({
        response_type: 'code',
        client_id: clientId,
        scope: 'read_write',
        state,
        redirect_uri: redirectUri,
        ...(email ? { stripe_user: { email } } : {}),
      }),
    );
    // stripe-node always builds https://connect.stripe.com/...; follow STRIPE_API_BASE like every other call.
    return this.endpoint ? `${this.endpoint.origin}${url.pathname}${url.search}` : url.toString();
  }

  async exchangeOAuthCode(code: string): Promise<{ accountId: string }> {
    // oauth.token is pinned to connect.stripe.com per request; the client's port and protocol still
    // apply, so a per-request host is all it takes to follow STRIPE_API_BASE.
    const token = await this.call('exchange an OAuth code', () =>
      this.stripe.oauth.token(
        { grant_type: 'authorization_code', code },
        this.endpoint ? { host: this.endpoint.host } : undefined,
      ),
    );
    if (!token.stripe_user_id) throw new PaymentGatewayError('Stripe answered the OAuth exchange without an account id');
    return { accountId: token.stripe_user_id };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountState> {
    const account = await this.account(accountId);
    return {
      accountId: account.id,
      chargesEnabled: account.charges_enabled,
      payoutsEnabled: account.payouts_enabled,
      detailsSubmitted: account.details_submitted,
    };
  }

  async createDashboardLink(accountId: string): Promise<{ url: string }> {
    const account = await this.account(accountId);
    // Login links exist only for the Express dashboard; Standard accounts sign in to Stripe itself.
    if (usesFullDashboard(account)) return { url: FULL_DASHBOARD_URL };
    if (hasNoDashboard(account)) throw new PaymentGatewayError(`Connected account ${accountId} has no Stripe dashboard`);
    const link = await this.call('create a dashboard login link', () => this.stripe.accounts.createLoginLink(accountId), accountId);
    return { url: link.url };
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent {
    const secret = this.config.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new PaymentGatewayError('Webhooks need STRIPE_WEBHOOK_SECRET');
    return verifyStripeEvent(rawBody, signatureHeader, secret, this.clock.now().getTime());
  }

  async chargeCard(input: ChargeCard): Promise<CardCharge> {
    const intent = await this.call(
      'charge a card',
      () =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: input.paymentMethodId,
            payment_method_types: ['card'],
            confirm: true,
            application_fee_amount: input.applicationFeeCents,
            description: input.description,
            metadata: input.metadata,
            expand: ['latest_charge.balance_transaction'],
          },
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.connectedAccountId },
        ),
      input.connectedAccountId,
    );
    const charge = intent.latest_charge;
    if (intent.status !== 'succeeded' || !charge || typeof charge === 'string') {
      // 3-D Secure and other customer actions need a browser round trip this flow does not offer.
      throw new CardDeclined('This card needs an extra verification step. Please use another card.', {
        code: `payment_intent_${intent.status}`,
      });
    }
    const balance = typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    return {
      connectedAccountId: input.connectedAccountId,
      paymentIntentId: intent.id,
      chargeId: charge.id,
      balanceTransactionId: balance?.id ?? (typeof charge.balance_transaction === 'string' ? charge.balance_transaction : null),
      amountCents: charge.amount,
      applicationFeeCents: intent.application_fee_amount ?? input.applicationFeeCents,
      processorFeeCents: balance ? processorFeeOf(balance) : null,
      chargedAt: new Date(charge.created * 1000),
      card: {
        brand: charge.payment_method_details?.card?.brand ?? null,
        last4: charge.payment_method_details?.card?.last4 ?? null,
      },
    };
  }

  private account(accountId: string): Promise<Stripe.Account> {
    return this.call('retrieve a connected account', () => this.stripe.accounts.retrieve(accountId), accountId);
  }

  /** Every SDK call goes through here, so callers only ever see the port's errors. */
  private async call<T>(what: string, request: () => Promise<T>, accountId?: string): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      const options = {
        code: error.code ?? error.type,
        retryable:
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError ||
          error instanceof Stripe.errors.StripeRateLimitError ||
          (error.statusCode ?? 0) >= 500,
        cause: error,
      };
      // A card error's message is written for the card holder ('Your card was declined.').
      if (error instanceof Stripe.errors.StripeCardError) {
        throw new CardDeclined(error.message, { ...options, code: error.decline_code ?? error.code ?? 'card_error' });
      }
      const message = `Stripe refused to ${what}: ${error.message}`;
      if (error instanceof Stripe.errors.StripeInvalidGrantError) throw new OAuthCodeRejected(message, options);
      const unknownAccount = error.code === 'resource_missing' || error.code === 'account_invalid';
      if (accountId && unknownAccount) throw new ConnectedAccountNotFound(message, options);
      throw new PaymentGatewayError(message, options);
    }
  }
}
