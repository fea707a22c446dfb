import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { MESSAGES } from '@rentwise/libs/messages';
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
  LinkedBankAccount,
  PaymentGateway,
  ProviderBalanceTransaction,
  ProviderBankAccount,
  ProviderCharge,
  ProviderDispute,
  ProviderPaymentIntent,
  ProviderPayout,
  ProviderRefund,
  RefundCharge,
  ProviderSavedCard,
  ProviderSetupIntent,
} from '../payment-gateway.port';
import { CardDeclined, ConnectedAccountNotFound, OAuthCodeRejected, PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { ConnectedAccountState, CreateAccountLink, CreateConnectedAccount, OAuthAuthorize } from '../../../onboarding/contracts/payout-account-provider.port';
import { GatewayEvent, WebhookEndpoint } from '../../../../infrastructure/inbox/provider-events';
import { ProviderEvent } from '../../../../infrastructure/inbox/provider-events';
import { translateStripeEvent, verifyStripeEvent } from './stripe-events';

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

/** Stripe's own fee on a charge: everything in fee_details except its application fee (our platform fee). */
function processorFeeOf(balance: Stripe.BalanceTransaction): number {
  return balance.fee_details.filter((fee) => fee.type !== 'application_fee').reduce((sum, fee) => sum + fee.amount, 0);
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const dateOf = (unixSeconds: number): Date => new Date(unixSeconds * 1000);

function paymentIntentStatusOf(intent: Stripe.PaymentIntent): ProviderPaymentIntent['status'] {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_action';
    default:
      return 'requires_action';
  }
}

function refundOf(refund: Stripe.Refund, chargeId: string): ProviderRefund {
  const status = refund.status;
  return {
    refundId: refund.id,
    chargeId: idOf(refund.charge) ?? chargeId,
    amountCents: refund.amount,
    status: status === 'succeeded' || status === 'failed' || status === 'canceled' || status === 'requires_action' ? status : 'pending',
    createdAt: dateOf(refund.created),
  };
}

function balanceKindOf(category: string): ProviderBalanceTransaction['kind'] {
  switch (category) {
    case 'charge':
    case 'refund':
    case 'refund_failure':
    case 'dispute':
    case 'dispute_reversal':
    case 'payout':
      return category;
    default:
      return 'other';
  }
}

function balanceTransactionOf(txn: Stripe.BalanceTransaction): ProviderBalanceTransaction {
  const kind = balanceKindOf(txn.reporting_category);
  const source = txn.source;
  const sourceId = idOf(source as string | { id: string } | null);
  let chargeId: string | null = null;
  if (kind === 'charge') chargeId = sourceId;
  else if (source && typeof source === 'object' && 'charge' in source) {
    chargeId = idOf((source as { charge: string | { id: string } | null }).charge);
  }
  return {
    balanceTransactionId: txn.id,
    kind,
    amountCents: txn.amount,
    feeCents: txn.fee,
    netCents: txn.net,
    createdAt: dateOf(txn.created),
    sourceId,
    chargeId,
  };
}

/** A bank account's name and last four as Stripe describes it, or null for no bank account. */
function bankAccountOf(account: { bank_name: string | null; last4: string | null } | null | undefined): LinkedBankAccount | null {
  if (!account?.last4) return null;
  return { bankName: account.bank_name ?? 'Bank account', last4: account.last4 };
}

/** A us_bank_account payment method in the port's words; `verified`: it can be debited now. */
function providerBankAccountOf(method: Stripe.PaymentMethod, verified: boolean): ProviderBankAccount {
  const bank = bankAccountOf(method.us_bank_account);
  return {
    paymentMethodId: method.id,
    bankName: bank?.bankName ?? 'Bank account',
    last4: bank?.last4 ?? '0000',
    usable: method.type === 'us_bank_account' && bank !== null && verified,
    customerId: idOf(method.customer),
  };
}

/** Stripe Connect through the official SDK: Accounts API + Account Links by default, OAuth for existing Stripe users. */
@Injectable()
export class StripeGateway extends PaymentGateway {
  readonly name = 'stripe';
  readonly livemode: boolean;
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
    this.livemode = secretKey.startsWith('sk_live_');
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
          capabilities: {
            card_payments: { requested: true },
            transfers: { requested: true },
            // Tenants may pay from a bank account (issue 35); an account without it offers cards only.
            us_bank_account_ach_payments: { requested: true },
          },
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
      bankDebitsEnabled: account.capabilities?.us_bank_account_ach_payments === 'active',
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

  parseWebhook(rawBody: Buffer, signatureHeader: string, endpoint: WebhookEndpoint = 'platform'): GatewayEvent {
    const secret = endpoint === 'connect' ? this.config.env.STRIPE_CONNECT_WEBHOOK_SECRET : this.config.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) {
      throw new PaymentGatewayError(`Webhooks need ${endpoint === 'connect' ? 'STRIPE_CONNECT_WEBHOOK_SECRET' : 'STRIPE_WEBHOOK_SECRET'}`);
    }
    return verifyStripeEvent(rawBody, signatureHeader, secret, this.clock.now().getTime());
  }

  translateEvent(event: GatewayEvent): ProviderEvent | null {
    return translateStripeEvent(event);
  }

  async retrievePaymentIntent(accountId: string, paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const intent = await this.callOn(accountId, 'retrieve a payment intent', () =>
      this.stripe.paymentIntents.retrieve(paymentIntentId, {}, { stripeAccount: accountId }),
    );
    const error = intent.last_payment_error;
    return {
      accountId,
      paymentIntentId: intent.id,
      status: paymentIntentStatusOf(intent),
      latestChargeId: idOf(intent.latest_charge),
      metadata: { ...intent.metadata },
      failure: error ? { code: error.decline_code ?? error.code ?? 'card_error', message: error.message ?? 'Your card was declined.' } : null,
    };
  }

  async retrieveCharge(accountId: string, chargeId: string): Promise<ProviderCharge> {
    // The refunds come with the charge (its first 10); only a charge with more is listed in full.
    const charge = await this.callOn(accountId, 'retrieve a charge', () =>
      this.stripe.charges.retrieve(chargeId, { expand: ['balance_transaction', 'refunds'] }, { stripeAccount: accountId }),
    );
    const refunds: ProviderRefund[] = [];
    if (charge.refunds && !charge.refunds.has_more) {
      refunds.push(...charge.refunds.data.map((refund) => refundOf(refund, chargeId)));
    } else {
      await this.callOn(accountId, 'list refunds', async () => {
        for await (const refund of this.stripe.refunds.list({ charge: chargeId, limit: 100 }, { stripeAccount: accountId })) {
          refunds.push(refundOf(refund, chargeId));
        }
      });
    }
    const balance = typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    return {
      accountId,
      chargeId: charge.id,
      paymentIntentId: idOf(charge.payment_intent),
      status: charge.status === 'succeeded' ? 'succeeded' : charge.status === 'failed' ? 'failed' : 'pending',
      failureCode: charge.failure_code ?? null,
      amountCents: charge.amount,
      platformFeeCents: charge.application_fee_amount ?? 0, // Stripe's application fee is our platform fee
      balanceTransactionId: idOf(charge.balance_transaction),
      processorFeeCents: balance ? processorFeeOf(balance) : null,
      chargedAt: dateOf(charge.created),
      metadata: { ...charge.metadata },
      card: {
        brand: charge.payment_method_details?.card?.brand ?? null,
        last4: charge.payment_method_details?.card?.last4 ?? null,
      },
      bank: bankAccountOf(charge.payment_method_details?.us_bank_account),
      mandateId: idOf(charge.payment_method_details?.us_bank_account?.mandate ?? null),
      refunds: refunds.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    };
  }

  async retrieveDispute(accountId: string, disputeId: string): Promise<ProviderDispute> {
    const dispute = await this.callOn(accountId, 'retrieve a dispute', () =>
      this.stripe.disputes.retrieve(disputeId, {}, { stripeAccount: accountId }),
    );
    const closed = dispute.status === 'won' || dispute.status === 'lost' || dispute.status === 'warning_closed';
    return {
      accountId,
      disputeId: dispute.id,
      chargeId: idOf(dispute.charge)!,
      amountCents: dispute.amount,
      // An inquiry closed without a dispute cost the landlord nothing: the same as a win.
      status: dispute.status === 'lost' ? 'lost' : closed ? 'won' : 'open',
      movements: dispute.balance_transactions.map((txn) => ({
        balanceTransactionId: txn.id,
        amountCents: txn.amount,
        feeCents: txn.fee,
        createdAt: dateOf(txn.created),
      })),
      // Stripe keeps no decision time on the dispute; the last movement, else its opening, stands for it:
      // a time every re-read agrees on, as the lost dispute's journal key needs (not the reader's now).
      closedAt: closed ? dateOf(dispute.balance_transactions.at(-1)?.created ?? dispute.created) : null,
      evidenceDueBy: dispute.evidence_details?.due_by ? dateOf(dispute.evidence_details.due_by) : null,
    };
  }

  async retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout> {
    const payout = await this.callOn(accountId, 'retrieve a payout', () =>
      this.stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId }),
    );
    const status = payout.status;
    return {
      accountId,
      payoutId: payout.id,
      amountCents: payout.amount,
      status: status === 'paid' || status === 'failed' || status === 'canceled' || status === 'in_transit' ? status : 'pending',
      initiatedAt: dateOf(payout.created),
      expectedArrivalAt: dateOf(payout.arrival_date),
      failureMessage: payout.failure_message ?? null,
    };
  }

  async listBalanceTransactions(accountId: string, filter: BalanceTransactionFilter): Promise<ProviderBalanceTransaction[]> {
    const params: Stripe.BalanceTransactionListParams =
      'payoutId' in filter
        ? { payout: filter.payoutId, limit: 100, expand: ['data.source'] }
        : {
            created: { gte: Math.floor(filter.createdFrom.getTime() / 1000), lt: Math.floor(filter.createdTo.getTime() / 1000) },
            limit: 100,
            expand: ['data.source'],
          };
    const lines: ProviderBalanceTransaction[] = [];
    await this.callOn(accountId, 'list balance transactions', async () => {
      for await (const txn of this.stripe.balanceTransactions.list(params, { stripeAccount: accountId })) {
        lines.push(balanceTransactionOf(txn));
      }
    });
    return lines;
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
            application_fee_amount: input.platformFeeCents, // our platform fee, in Stripe's word
            description: input.description,
            metadata: input.metadata,
            // A saved card is charged with its customer while the tenant is away: Stripe declines at once what needs them.
            ...(input.offSession && { customer: input.offSession.customerId, off_session: true }),
            expand: ['latest_charge.balance_transaction'],
          },
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.connectedAccountId },
        ),
      input.connectedAccountId,
    );
    const charge = intent.latest_charge;
    if (intent.status !== 'succeeded' || !charge || typeof charge === 'string') {
      // 3-D Secure and other customer actions need a browser round trip this flow does not offer.
      throw new CardDeclined(MESSAGES.cardNeedsAuthentication, {
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
      platformFeeCents: intent.application_fee_amount ?? input.platformFeeCents, // Stripe's application fee is our platform fee
      processorFeeCents: balance ? processorFeeOf(balance) : null,
      chargedAt: new Date(charge.created * 1000),
      card: {
        brand: charge.payment_method_details?.card?.brand ?? null,
        last4: charge.payment_method_details?.card?.last4 ?? null,
      },
    };
  }

  async refundCharge(input: RefundCharge): Promise<ProviderRefund> {
    const refund = await this.call(
      'refund a charge',
      () =>
        this.stripe.refunds.create(
          // Our platform fee (the application fee) is kept: refund_application_fee stays false (decision 0044).
          { charge: input.chargeId, amount: input.amountCents, refund_application_fee: false, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.connectedAccountId },
        ),
      input.connectedAccountId,
    );
    return refundOf(refund, input.chargeId);
  }

  async retrieveBankAccount(accountId: string, paymentMethodId: string): Promise<ProviderBankAccount> {
    const method = await this.callOn(accountId, 'retrieve a bank account', () =>
      this.stripe.paymentMethods.retrieve(paymentMethodId, {}, { stripeAccount: accountId }),
    );
    // Financial Connections verifies an account as it links it; one entered by hand is verified only
    // when the tenant confirms its microdeposits, which succeeds the SetupIntent it was linked with.
    const verified =
      method.us_bank_account?.financial_connections_account != null || (await this.hasSucceededSetupIntent(accountId, method.id));
    return providerBankAccountOf(method, verified);
  }

  async retrieveSetupIntent(accountId: string, setupIntentId: string): Promise<ProviderSetupIntent> {
    const intent = await this.callOn(accountId, 'retrieve a SetupIntent', () =>
      this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }, { stripeAccount: accountId }),
    );
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    const succeeded = intent.status === 'succeeded';
    return {
      accountId,
      setupIntentId: intent.id,
      status: succeeded ? 'succeeded' : intent.status === 'requires_action' ? 'requires_action' : 'other',
      customerId: idOf(intent.customer),
      bankAccount: method?.type === 'us_bank_account' ? providerBankAccountOf(method, succeeded) : null,
      verification: method?.type !== 'us_bank_account' ? null : method.us_bank_account?.financial_connections_account ? 'instant' : 'microdeposits',
    };
  }

  async createBankLinkSession(input: CreateBankLinkSession): Promise<BankLinkSession> {
    const { connectedAccountId: stripeAccount } = input;
    const customerId = await this.customerFor(input);
    // Financial Connections verifies the account at once; microdeposits are its fallback (verification_method automatic).
    const intent = await this.call(
      'start linking a bank account',
      () =>
        this.stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method_types: ['us_bank_account'],
            payment_method_options: { us_bank_account: { financial_connections: { permissions: ['payment_method'] }, verification_method: 'automatic' } },
          },
          { stripeAccount },
        ),
      stripeAccount,
    );
    if (!intent.client_secret) throw new PaymentGatewayError(`Stripe answered SetupIntent ${intent.id} without a client secret`);
    return { clientSecret: intent.client_secret, customerId };
  }

  async createCardSetup(input: CreateCardSetup): Promise<CardSetupSession> {
    const { connectedAccountId: stripeAccount } = input;
    const customerId = await this.customerFor(input);
    // usage off_session: Stripe.js asks for 3-D Secure now, while the tenant is there, if the bank wants it.
    const intent = await this.call(
      'start saving a card',
      () => this.stripe.setupIntents.create({ customer: customerId, payment_method_types: ['card'], usage: 'off_session' }, { stripeAccount }),
      stripeAccount,
    );
    if (!intent.client_secret) throw new PaymentGatewayError(`Stripe answered SetupIntent ${intent.id} without a client secret`);
    return { clientSecret: intent.client_secret, setupIntentId: intent.id, customerId };
  }

  /** Stripe saves a card through a SetupIntent, read back here; a payment method named alone is not proof of one. */
  async finishCardSetup(accountId: string, _customerId: string, result: CardSetupResult): Promise<ProviderSavedCard> {
    if (!('setupIntentId' in result)) {
      throw new ProviderObjectNotFound(`A card is saved at Stripe through a SetupIntent, not payment method ${result.paymentMethodId} alone`, { code: 'resource_missing' });
    }
    const intent = await this.callOn(accountId, 'retrieve a SetupIntent', () =>
      this.stripe.setupIntents.retrieve(result.setupIntentId, { expand: ['payment_method'] }, { stripeAccount: accountId }),
    );
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    if (method?.type !== 'card' || !method.card) {
      throw new ProviderObjectNotFound(`SetupIntent ${intent.id} saved no card (account ${accountId})`, { code: 'resource_missing' });
    }
    return {
      offSessionReady: intent.status === 'succeeded' && intent.usage === 'off_session',
      customerId: idOf(intent.customer) ?? idOf(method.customer),
      paymentMethodId: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }

  async debitBankAccount(input: DebitBankAccount): Promise<BankDebit> {
    const intent = await this.call(
      'debit a bank account',
      () =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: input.paymentMethodId,
            payment_method_types: ['us_bank_account'],
            confirm: true,
            application_fee_amount: input.platformFeeCents,
            description: input.description,
            metadata: input.metadata,
            ...(input.customerId && { customer: input.customerId }),
            mandate_data: {
              customer_acceptance: {
                type: 'online',
                accepted_at: Math.floor(input.mandate.acceptedAt.getTime() / 1000),
                online: { ip_address: input.mandate.ipAddress, user_agent: input.mandate.userAgent ?? 'unknown' },
              },
            },
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey, stripeAccount: input.connectedAccountId },
        ),
      input.connectedAccountId,
    );
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string' || (intent.status !== 'processing' && intent.status !== 'succeeded')) {
      const error = intent.last_payment_error;
      throw new CardDeclined(error?.message ?? 'This bank account could not be debited. Please link another account or pay by card.', {
        code: error?.code ?? `payment_intent_${intent.status}`,
      });
    }
    return {
      connectedAccountId: input.connectedAccountId,
      paymentIntentId: intent.id,
      chargeId: charge.id,
      status: charge.status === 'failed' ? 'failed' : intent.status === 'succeeded' ? 'succeeded' : 'processing',
      amountCents: charge.amount,
      chargedAt: new Date(charge.created * 1000),
      bank: bankAccountOf(charge.payment_method_details?.us_bank_account) ?? { bankName: 'Bank account', last4: '0000' },
      mandateId: idOf(charge.payment_method_details?.us_bank_account?.mandate ?? null),
    };
  }

  async retrieveMandate(accountId: string, mandateId: string): Promise<{ mandateId: string; status: 'active' | 'inactive' | 'pending' }> {
    const mandate = await this.callOn(accountId, 'retrieve a mandate', () => this.stripe.mandates.retrieve(mandateId, {}, { stripeAccount: accountId }));
    return { mandateId: mandate.id, status: mandate.status };
  }

  private async hasSucceededSetupIntent(accountId: string, paymentMethodId: string): Promise<boolean> {
    const intents = await this.callOn(accountId, 'list SetupIntents', () =>
      this.stripe.setupIntents.list({ payment_method: paymentMethodId, limit: 10 }, { stripeAccount: accountId }),
    );
    return intents.data.some((intent) => intent.status === 'succeeded');
  }

  /**
   * The tenant's customer on the connected account: the one kept, or one made now under a key of
   * tenant and account, so a doubled request makes one (for bank links and saved cards alike).
   */
  private async customerFor(input: CreateBankLinkSession): Promise<string> {
    if (input.customerId) return input.customerId;
    const stripeAccount = input.connectedAccountId;
    const customer = await this.call(
      'create a customer',
      () => this.stripe.customers.create({ name: input.customer.name, email: input.customer.email }, { idempotencyKey: input.idempotencyKey, stripeAccount }),
      stripeAccount,
    );
    return customer.id;
  }

  private account(accountId: string): Promise<Stripe.Account> {
    return this.call('retrieve a connected account', () => this.stripe.accounts.retrieve(accountId), accountId);
  }

  /** A call about an object on a connected account: an unknown object is ProviderObjectNotFound. */
  private async callOn<T>(accountId: string, what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await this.call(what, request);
    } catch (error) {
      if (error instanceof PaymentGatewayError && (error.code === 'resource_missing' || error.code === 'account_invalid')) {
        throw new ProviderObjectNotFound(`${error.message} (account ${accountId})`, { code: error.code, cause: error });
      }
      throw error;
    }
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
      // A payment method id Stripe does not know came from the card form: the card could not be used.
      if (error.code === 'resource_missing' && error.param === 'payment_method') {
        throw new CardDeclined(MESSAGES.cardNotAdded, { ...options, code: error.code });
      }
      const message = `Stripe refused to ${what}: ${error.message}`;
      if (error instanceof Stripe.errors.StripeInvalidGrantError) throw new OAuthCodeRejected(message, options);
      const unknownAccount = error.code === 'resource_missing' || error.code === 'account_invalid';
      if (accountId && unknownAccount) throw new ConnectedAccountNotFound(message, options);
      throw new PaymentGatewayError(message, options);
    }
  }
}
