import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import type { AuthorizeNetGateway, AuthorizeNetTransaction } from '../gateways/authorize-net-gateway.port';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { AuthorizeNetTransactionChangedHandler } from '../provider-events/authorize-net-transaction-changed.handler';
import type { RefundAttempt } from './refund-attempts';
import type { PaymentToRefund, RefundableCharge } from './payments-to-refund';
import { RefundWay, type SentRefund } from './refund-way';

/** 'RF' and 18 hex digits of the refund's id: unique per refund, within the gateway's 20 characters. */
export const refundInvoiceNumber = (refundId: string): string => `RF${refundId.replace(/-/g, '').slice(0, 18).toUpperCase()}`;

/**
 * Authorize.Net (decisions 0019, 0046): a charge not yet settled can only be voided, in full; a settled
 * one is refunded to the card by its last four digits, with the keys of the merchant account it was made on.
 * Authorize.Net has no idempotency header: a refund carries its own invoice number, so a retry finds
 * what an earlier send did and the gateway refuses the same one twice inside its duplicate window.
 */
@Injectable()
export class AuthorizeNetRefundWay extends RefundWay {
  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly transactions: AuthorizeNetTransactionChangedHandler,
  ) {
    super();
  }

  handles(charge: RefundableCharge): boolean {
    return charge.provider === 'authorize_net' || charge.provider === 'authorize_net_sandbox';
  }

  async choose(payment: PaymentToRefund, charge: RefundableCharge, amountCents: number): Promise<{ way: 'refund' | 'void' } | { refusal: string }> {
    const transaction = await (await this.gatewayOf(charge)).retrieveTransaction(charge.chargeId);
    if (transaction.settled) return { way: 'refund' };
    if (transaction.status === 'voided') return { refusal: MESSAGES.refundFullyRefunded };
    const whole = amountCents === payment.chargedCents && payment.refundedCents === 0;
    return whole ? { way: 'void' } : { refusal: MESSAGES.refundPartBeforeSettlement };
  }

  async send(_payment: PaymentToRefund, charge: RefundableCharge, attempt: RefundAttempt, again: boolean): Promise<SentRefund> {
    const gateway = await this.gatewayOf(charge);
    try {
      const made = attempt.way === 'void' ? await this.void(gateway, charge) : await this.refund(gateway, charge, attempt, again);
      return { status: 'succeeded', providerReference: `${gateway.merchantAccount}/${made.transactionId}`, failureMessage: null };
    } catch (error) {
      if (error instanceof PaymentGatewayError && !error.retryable) return { status: 'failed', providerReference: null, failureMessage: error.message };
      throw error;
    }
  }

  /** The same path as the gateway's refund or void webhook: the transaction read again, its journal posted once. */
  async post(charge: RefundableCharge, sent: SentRefund, attempt: RefundAttempt): Promise<void> {
    const transactionId = attempt.way === 'void' ? charge.chargeId : sent.providerReference!.slice(sent.providerReference!.lastIndexOf('/') + 1);
    await this.transactions.handle({ type: 'AuthorizeNetTransactionChanged', merchantAccount: charge.accountId, transactionId });
  }

  /**
   * The gateway of the merchant account the charge was made on, with the keys its landlord keeps for it.
   * A landlord who has since connected another account cannot refund from the old one here (refused).
   */
  private async gatewayOf(charge: RefundableCharge): Promise<AuthorizeNetGateway> {
    const gateway = await this.accounts.gatewayOfMerchant(charge.accountId);
    if (!gateway) throw new PaymentGatewayError(`No landlord has the merchant account ${charge.accountId} now`, { code: 'no_account' });
    return gateway;
  }

  private async void(gateway: AuthorizeNetGateway, charge: RefundableCharge): Promise<AuthorizeNetTransaction> {
    const now = await gateway.retrieveTransaction(charge.chargeId);
    return now.status === 'voided' ? now : gateway.voidTransaction(charge.chargeId);
  }

  private async refund(gateway: AuthorizeNetGateway, charge: RefundableCharge, attempt: RefundAttempt, again: boolean): Promise<AuthorizeNetTransaction> {
    const invoiceNumber = refundInvoiceNumber(attempt.id);
    const earlier = again ? await gateway.findChargeByInvoiceNumber(invoiceNumber) : null;
    if (earlier) return earlier;
    try {
      return await gateway.refundTransaction({ transactionId: charge.chargeId, amountCents: attempt.amountCents, cardLast4: charge.cardLast4 ?? '', invoiceNumber });
    } catch (error) {
      // A duplicate: a concurrent send of this refund made it first.
      const found = error instanceof PaymentGatewayError && error.code === '11' ? await gateway.findChargeByInvoiceNumber(invoiceNumber) : null;
      if (found) return found;
      throw error;
    }
  }
}
