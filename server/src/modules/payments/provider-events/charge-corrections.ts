import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { HandlesProviderEvent, type ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { MessageChain, newEnvelope } from '../../../infrastructure/messaging/envelope';
import { PaymentGateway, ProviderCharge, ProviderDispute } from '../gateways/payment-gateway.port';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { BankDebitSettlement } from '../bank-debits/bank-debit-settlement';
import { DisputedAfterRefundMailer } from '../emails/disputed-after-refund-mailer';
import { CorrectingJournal, JournalPoster } from '../ledger/journal-poster';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity';
import {
  disputeLossEntries,
  disputeReinstatementEntries,
  disputeWithdrawalEntries,
  refundEntries,
  refundFailureEntries,
} from '../ledger/provider-postings';

export type ChargeSync = { outcome: 'done'; detail: string } | { outcome: 'skipped'; reason: string };

/**
 * Brings the ledger up to a charge's current state at the provider: the payment, each refund (and
 * its failure), each movement of each dispute and a lost dispute's end. Every journal is keyed by
 * the provider object it records, so running this again, for any event about the charge, in any
 * order, posts only what is missing. Callers hold the charge's advisory lock (in their transaction).
 */
@Injectable()
export class ChargeCorrections {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PaymentGateway,
    private readonly settlement: ChargeSettlement,
    private readonly journals: JournalPoster,
    private readonly disputedAfterRefund: DisputedAfterRefundMailer,
    private readonly bankDebits: BankDebitSettlement,
    private readonly accounts: BankAccounts,
  ) {}

  /** A refund was made, changed or failed: each of the charge's refunds is posted once (the payment first, if its own events are late). */
  @HandlesProviderEvent('ChargeRefunded')
  chargeRefunded(event: ProviderEventOf<'ChargeRefunded'>): Promise<ProviderEventOutcome> {
    return this.syncCharge(event.accountId, event.chargeId);
  }

  /**
   * A card holder disputed a payment (the funds it withdrew, and the provider's fee, are held from
   * the landlord), or the dispute was decided (reinstated funds go back to the landlord, a lost
   * dispute's held funds to the card holder).
   */
  @HandlesProviderEvent('DisputeOpened')
  @HandlesProviderEvent('DisputeClosed')
  disputeChanged(event: ProviderEventOf<'DisputeOpened' | 'DisputeClosed'>): Promise<ProviderEventOutcome> {
    return this.syncDispute(event.accountId, event.disputeId);
  }

  /** Locks the charge, re-reads it and posts its payment and refunds. */
  async syncCharge(accountId: string, chargeId: string): Promise<ChargeSync> {
    return this.unitOfWork.run(async () => {
      await this.settlement.lockCharge(accountId, chargeId);
      const charge = await this.gateway.retrieveCharge(accountId, chargeId);
      const paymentId = await this.postPayment(charge);
      if (!paymentId) return { outcome: 'skipped', reason: `charge ${chargeId} is not a rent payment of ours or has not succeeded` };
      // Most charges have no refunds: their journal need not be read back.
      const refunds = charge.refunds.length > 0 ? await this.postRefunds(charge, await this.journal(paymentId)) : 0;
      return { outcome: 'done', detail: `payment posted${refunds ? `, ${refunds} refund journal(s)` : ''}` };
    });
  }

  /** Locks the disputed charge, re-reads the dispute and posts its movements (and its loss). */
  async syncDispute(accountId: string, disputeId: string): Promise<ChargeSync> {
    return this.unitOfWork.run(async () => {
      const first = await this.gateway.retrieveDispute(accountId, disputeId);
      await this.settlement.lockCharge(accountId, first.chargeId);
      // Read again under the lock: what another worker saw before us is not the latest.
      const dispute = await this.gateway.retrieveDispute(accountId, disputeId);
      const charge = await this.gateway.retrieveCharge(accountId, dispute.chargeId);
      const paymentId = await this.postPayment(charge);
      if (!paymentId) return { outcome: 'skipped', reason: `charge ${dispute.chargeId} is not a rent payment of ours` };
      const payment = await this.journal(paymentId);
      await this.postRefunds(charge, payment);
      const refunded = charge.refunds.some((refund) => refund.status === 'succeeded' || refund.status === 'pending');
      const posted = await this.postDispute(dispute, payment, refunded);
      // A bank debit returned after it settled (Stripe's dispute on it): the account is never debited again.
      if (charge.bank) await this.accounts.block(charge.accountId, await this.paymentMethodOf(charge), 'disputed');
      return { outcome: 'done', detail: `dispute ${dispute.status}, ${posted} new journal(s)` };
    });
  }

  /**
   * The id of the charge's own journal (posting it first if its events came late), or null when it
   * is not ours or not paid. A bank debit's journals follow its charge whatever its state (decision 0037).
   */
  private async postPayment(charge: ProviderCharge): Promise<string | null> {
    const attempt = await this.settlement.findAttempt(charge);
    if (!attempt) return null;
    if (attempt.method === 'bank_debit') return this.bankDebits.sync(attempt, charge);
    if (charge.status !== 'succeeded') return null;
    return (await this.settlement.record(attempt, { ...charge, connectedAccountId: charge.accountId })).transactionId;
  }

  private async paymentMethodOf(charge: ProviderCharge): Promise<string> {
    return (await this.settlement.findAttempt(charge))!.paymentMethodId;
  }

  private journal(transactionId: string): Promise<LedgerTransaction> {
    return this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ id: transactionId });
  }

  private async postRefunds(charge: ProviderCharge, payment: LedgerTransaction): Promise<number> {
    let created = 0;
    for (const refund of charge.refunds) {
      // Canceled or waiting for the customer: no money has moved.
      if (refund.status === 'canceled' || refund.status === 'requires_action') continue;
      const reference = `${charge.accountId}/${refund.refundId}`;
      const booked = await this.post({
        idempotencyKey: `refund:${reference}`,
        kind: 'refund',
        occurredAt: refund.createdAt,
        corrects: payment,
        description: `Refund: ${payment.description}`,
        providerReference: reference,
        entries: refundEntries(refund.amountCents),
      });
      if (booked.created) created += 1;
      if (refund.status === 'failed') {
        const failure = await this.post({
          idempotencyKey: `refund-failure:${reference}`,
          kind: 'correction',
          occurredAt: refund.createdAt,
          corrects: booked.journal,
          description: `Refund failed: ${payment.description}`,
          providerReference: reference,
          entries: refundFailureEntries(refund.amountCents),
        });
        if (failure.created) created += 1;
      }
    }
    return created;
  }

  /**
   * Posts the dispute's movements. When the charge was refunded, the landlord is also asked to answer
   * the dispute with the refund: by an email requested with the dispute's first withdrawal, so once
   * per dispute; its job checks the ledger's rule (libs/disputed-after-refund) before sending.
   */
  private async postDispute(dispute: ProviderDispute, payment: LedgerTransaction, refunded: boolean): Promise<number> {
    let created = 0;
    let heldCents = 0;
    const firstWithdrawal = dispute.movements.find((movement) => movement.amountCents < 0);
    for (const movement of dispute.movements) {
      const reference = `${dispute.accountId}/${movement.balanceTransactionId}`;
      heldCents -= movement.amountCents;
      const withdrawn = movement.amountCents < 0;
      const amount = Math.abs(movement.amountCents);
      if (amount === 0) continue;
      const posted = await this.post({
        idempotencyKey: `dispute-txn:${reference}`,
        kind: withdrawn ? 'dispute' : 'dispute_won',
        occurredAt: movement.createdAt,
        corrects: payment,
        description: `${withdrawn ? 'Disputed' : 'Dispute won'}: ${payment.description}`,
        providerReference: reference,
        entries: withdrawn
          ? disputeWithdrawalEntries(amount, Math.max(0, movement.feeCents))
          : disputeReinstatementEntries(amount, Math.max(0, -movement.feeCents)),
      });
      if (posted.created) created += 1;
      if (posted.created && refunded && movement === firstWithdrawal) {
        await this.disputedAfterRefund.request(this.unitOfWork.manager, {
          paymentTransactionId: payment.id,
          landlordUserId: payment.landlordUserId,
          disputeId: dispute.disputeId,
          evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
        });
      }
    }
    if (dispute.status === 'lost' && heldCents > 0) {
      const reference = `${dispute.accountId}/${dispute.disputeId}`;
      const lost = await this.post({
        idempotencyKey: `dispute-lost:${reference}`,
        kind: 'dispute_lost',
        occurredAt: dispute.closedAt ?? dispute.movements.at(-1)?.createdAt ?? payment.occurredAt,
        corrects: payment,
        description: `Dispute lost: ${payment.description}`,
        providerReference: reference,
        entries: disputeLossEntries(heldCents),
      });
      if (lost.created) created += 1;
    }
    return created;
  }

  /**
   * A refund (or a void) on Authorize.Net, posted once under its own transaction's key, as a
   * Stripe refund is. The caller holds the charge's lock and has posted the payment.
   */
  async postAuthorizeNetRefund(
    payment: LedgerTransaction,
    reference: string,
    amountCents: number,
    occurredAt: Date,
    what: 'refund' | 'void',
  ): Promise<boolean> {
    const { created } = await this.post({
      idempotencyKey: `${what}:${reference}`,
      kind: 'refund',
      occurredAt,
      corrects: payment,
      description: `${what === 'void' ? 'Voided' : 'Refund'}: ${payment.description}`,
      providerReference: reference,
      entries: refundEntries(amountCents),
    });
    return created;
  }

  /**
   * Money a card holder's bank took back from a settled Authorize.Net charge (a chargeback, or a
   * returned item), held from the landlord as a Stripe dispute's withdrawal is, or given back (a
   * chargeback reversal) as a won dispute's is; once per charge under `anet-<what>:<merchant>/<charge id>`.
   * Authorize.Net keeps its fee out of the batch, so none is posted. The caller holds the charge's lock and has posted the payment.
   */
  async postAuthorizeNetChargeback(
    payment: LedgerTransaction,
    reference: string,
    amountCents: number,
    occurredAt: Date,
    what: 'chargeback' | 'returned_item' | 'chargeback_reversal',
  ): Promise<boolean> {
    const reversal = what === 'chargeback_reversal';
    const { created } = await this.post({
      idempotencyKey: `anet-${what.replace('_', '-')}:${reference}`,
      kind: reversal ? 'dispute_won' : 'dispute',
      occurredAt,
      corrects: payment,
      description: `${reversal ? 'Chargeback reversed' : what === 'chargeback' ? 'Charged back' : 'Returned'}: ${payment.description}`,
      providerReference: reference,
      entries: reversal ? disputeReinstatementEntries(amountCents, 0) : disputeWithdrawalEntries(amountCents, 0),
    });
    return created;
  }

  /** Posts one journal in the chain of the provider event being handled (once under its key). */
  private async post(journal: Omit<CorrectingJournal, 'envelope'>): Promise<{ journal: LedgerTransaction; created: boolean }> {
    const envelope = newEnvelope(journal.occurredAt, MessageChain.current());
    const { transactionId, created } = await this.journals.post({ ...journal, envelope });
    const posted = await this.unitOfWork.repository(LedgerTransaction).findOneByOrFail({ id: transactionId });
    return { journal: posted, created };
  }
}
