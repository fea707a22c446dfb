import { Query } from '@nestjs/cqrs';
import type { AutopayAmount } from '@rentwise/libs/autopay';
import type { BankLinkSetup } from '../bank-accounts/bank-link-setup';
import type { SavedCardView } from '../saved-cards/save-card.command';
import type { AutopayOffReason } from './autopay-plans';

export interface AutopayRunView {
  /** The rent's month, '2027-01'. */
  period: string;
  /** 1, or 2 for the retry of a debit returned for insufficient funds. */
  attempt: number;
  amountCents: number;
  status: 'started' | 'processing' | 'succeeded' | 'failed' | 'declined' | 'nothing_due' | 'skipped' | 'not_offered';
  failureMessage: string | null;
  /** ISO time the run was made. */
  createdAt: string;
}

/** What autopay pays from: a saved bank account, or a saved card (its brand as the provider names it, 'visa'). */
export type AutopayMethodView =
  | { kind: 'bank_account'; savedBankAccountId: string; bankName: string; last4: string }
  | { kind: 'card'; savedCardId: string; brand: string; last4: string; expMonth: number; expYear: number };

/** The tenant's autopay page (decision 0042). */
export interface AutopayView {
  isOn: boolean;
  /** Whether the landlord can take bank debits: autopay can run from a bank account. */
  offered: boolean;
  /** Whether the landlord can take card payments through Stripe: autopay can run from a saved card. */
  cardOffered: boolean;
  /**
   * The last settings, kept while off so turning it on again starts from them. `savedBankAccountId`
   * and `bankName` are the bank account's (null for a card); `last4` is the account's or card's;
   * `method` says which, either way.
   */
  settings: { savedBankAccountId: string | null; bankName: string | null; last4: string; daysBeforeDue: number; amount: AutopayAmount } | null;
  /** What the plan pays from, kept while off (null with no settings). */
  method: AutopayMethodView | null;
  turnedOffReason: AutopayOffReason | null;
  /** The next automatic payment while on: its month, when it runs and today's estimate of its amount. */
  next: { period: string; debitAt: string; estimatedCents: number; skipped: boolean } | null;
  dueDay: number;
  timeZone: string;
  /** The bank fee added to each automatic payment from a bank account. */
  bankFeeCents: number;
  /** The tenant's processing fee added to each automatic payment by card, as to a card payment made by hand today. */
  cardFeeCents: number;
  /** What the recurring authorization names, to show it before it is accepted (autopayMandateText). */
  mandateTerms: { version: string; tenantName: string; landlordName: string; propertyAddress: string };
  savedBankAccounts: { id: string; bankName: string; last4: string }[];
  /** The cards saved for autopay on the landlord's account (POST /tenant/cards), newest first. */
  savedCards: SavedCardView[];
  /** Linking an account to save here, as the payment screen links one; null when autopay is not offered. */
  bankLink: BankLinkSetup | null;
  /** The last automatic payments, newest first. */
  recentPayments: AutopayRunView[];
}

/** The signed-in tenant's autopay; null for a tenant without a current home. */
export class GetAutopay extends Query<AutopayView | null> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
