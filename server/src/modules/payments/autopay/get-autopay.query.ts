import { Query } from '@nestjs/cqrs';
import type { AutopayAmount } from '@rentwise/libs/autopay';
import type { BankLinkSetup } from '../bank-accounts/bank-link-setup';
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

/** The tenant's autopay page (decision 0042). */
export interface AutopayView {
  isOn: boolean;
  /** Whether the landlord can take bank debits: autopay runs from a bank account. */
  offered: boolean;
  /** The last settings, kept while off so turning it on again starts from them. */
  settings: { savedBankAccountId: string; bankName: string; last4: string; daysBeforeDue: number; amount: AutopayAmount } | null;
  turnedOffReason: AutopayOffReason | null;
  /** The next automatic payment while on: its month, when it runs and today's estimate of its amount. */
  next: { period: string; debitAt: string; estimatedCents: number; skipped: boolean } | null;
  dueDay: number;
  timeZone: string;
  /** The bank fee added to each automatic payment. */
  bankFeeCents: number;
  /** What the recurring authorization names, to show it before it is accepted (autopayMandateText). */
  mandateTerms: { version: string; tenantName: string; landlordName: string; propertyAddress: string };
  savedBankAccounts: { id: string; bankName: string; last4: string }[];
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
