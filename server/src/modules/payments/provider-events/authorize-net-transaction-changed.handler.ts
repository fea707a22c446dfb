import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import type { AuthorizeNetGateway, AuthorizeNetTransaction } from '../gateways/authorize-net-gateway.port';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { CardAttempts } from '../card-payments/card-attempts';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';
import { ChargeCorrections } from './charge-corrections';

/**
 * An Authorize.Net transaction of a landlord's merchant account was made, refunded or voided (its
 * webhooks): the transaction is read again with that account's keys and the ledger brought up to it, under the charge's lock and keys of the gateway's objects,
 * so PayRent's own posting, repeated and out-of-order notifications make one journal each:
 * the payment under `card-payment:<attempt id>`, a refund under `refund:<merchant>/<refund id>`, a
 * void under `void:<merchant>/<charge id>`.
 */
@Injectable()
export class AuthorizeNetTransactionChangedHandler {
  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly unitOfWork: UnitOfWork,
    private readonly settlement: ChargeSettlement,
    private readonly corrections: ChargeCorrections,
    private readonly attempts: CardAttempts,
  ) {}

  @HandlesProviderEvent('AuthorizeNetTransactionChanged')
  async handle({ merchantAccount, transactionId }: ProviderEventOf<'AuthorizeNetTransactionChanged'>): Promise<ProviderEventOutcome> {
    const gateway = await this.accounts.gatewayOfMerchant(merchantAccount);
    if (!gateway) return { outcome: 'skipped', reason: `no landlord has the merchant account ${merchantAccount}` };
    const transaction = await gateway.retrieveTransaction(transactionId);
    if (transaction.kind === 'refund') {
      if (transaction.status !== 'approved' || !transaction.refTransactionId) return { outcome: 'skipped', reason: `refund ${transactionId} is ${transaction.status}` };
      const charge = await gateway.retrieveTransaction(transaction.refTransactionId);
      return this.unitOfWork.run(async () => {
        const payment = await this.postPayment(gateway, charge);
        if (!payment) return { outcome: 'skipped', reason: `charge ${charge.transactionId} is not a rent payment of ours` };
        const reference = `${gateway.merchantAccount}/${transaction.transactionId}`;
        const created = await this.corrections.postAuthorizeNetRefund(payment, reference, transaction.amountCents, transaction.submittedAt, 'refund');
        return { outcome: 'done', detail: created ? 'refund posted' : 'refund already posted' };
      });
    }
    return this.unitOfWork.run(async () => {
      const payment = await this.postPayment(gateway, transaction);
      if (!payment) return { outcome: 'skipped', reason: `transaction ${transactionId} is not a posted rent payment of ours (${transaction.status})` };
      if (transaction.status === 'voided') {
        const reference = `${gateway.merchantAccount}/${transaction.transactionId}`;
        const created = await this.corrections.postAuthorizeNetRefund(payment, reference, transaction.amountCents, transaction.submittedAt, 'void');
        return { outcome: 'done', detail: created ? 'void posted' : 'void already posted' };
      }
      return { outcome: 'done', detail: 'payment posted' };
    });
  }

  /**
   * The charge's journal (posting it if PayRent's answer was lost), or null when it is not ours; with
   * the charge's lock held, in the caller's unit of work (also the settled batches' chargebacks).
   */
  async postPayment(gateway: AuthorizeNetGateway, charge: AuthorizeNetTransaction): Promise<LedgerTransaction | null> {
    const merchant = gateway.merchantAccount;
    await this.settlement.lockCharge(merchant, charge.transactionId);
    const attempt =
      (await this.attempts.byCharge(merchant, charge.transactionId)) ??
      (charge.invoiceNumber ? await this.attempts.byInvoiceNumber(charge.invoiceNumber) : null);
    if (!attempt) return null;
    if (attempt.status !== 'succeeded') {
      // A voided charge that was never posted moved no money: nothing to post.
      if (charge.status !== 'approved') return null;
      await this.settlement.record(attempt, {
        connectedAccountId: merchant,
        paymentIntentId: null,
        chargeId: charge.transactionId,
        balanceTransactionId: null,
        amountCents: charge.amountCents,
        processorFeeCents: null,
        chargedAt: charge.submittedAt,
        card: charge.card,
      });
    }
    const posted = await this.attempts.byId(attempt.id);
    return this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ id: posted!.ledgerTransactionId! });
  }
}
