import { Foundation1732300000000 } from './1732300000000-foundation';
import { Accounts1732400000000 } from './1732400000000-accounts';
import { AccountPhotos1732450000000 } from './1732450000000-account-photos';
import { PaymentGateway1732500000000 } from './1732500000000-payment-gateway';
import { Onboarding1732600000000 } from './1732600000000-onboarding';
import { Properties1732700000000 } from './1732700000000-properties';
import { Tenants1732800000000 } from './1732800000000-tenants';
import { PaymentsLedger1732900000000 } from './1732900000000-payments-ledger';
import { SandboxCards1733000000000 } from './1733000000000-sandbox-cards';
import { CardPayments1733010000000 } from './1733010000000-card-payments';
import { LedgerHardening1733100000000 } from './1733100000000-ledger-hardening';
import { SentEmails1733200000000 } from './1733200000000-sent-emails';
import { Statements1733300000000 } from './1733300000000-statements';
import { ProviderEvents1733400000000 } from './1733400000000-provider-events';
import { Payouts1733410000000 } from './1733410000000-payouts';
import { SandboxMoney1733420000000 } from './1733420000000-sandbox-money';
import { FinanceRole1733500000000 } from './1733500000000-finance-role';
import { FinanceExports1733510000000 } from './1733510000000-finance-exports';
import { Reconciliation1733700000000 } from './1733700000000-reconciliation';
import { CardGateways1733800000000 } from './1733800000000-card-gateways';
import { HotReadIndexes1733900000000 } from './1733900000000-hot-read-indexes';
import { PayoutLineCharges1734010000000 } from './1734010000000-payout-line-charges';
import { StatementYearIndexes1734500000000 } from './1734500000000-statement-year-indexes';
import { StatementLineStatistics1734600000000 } from './1734600000000-statement-line-statistics';
import { ReceiptEmails1734700000000 } from './1734700000000-receipt-emails';
import { ReceiptEmailsSentOnce1734800000000 } from './1734800000000-receipt-emails-sent-once';

/** Listed explicitly (no globs) so that the CLI, the app and the tests run the same set in order. */
export const migrations = [Foundation1732300000000, Accounts1732400000000, AccountPhotos1732450000000, PaymentGateway1732500000000, Onboarding1732600000000, Properties1732700000000, Tenants1732800000000, PaymentsLedger1732900000000, SandboxCards1733000000000, CardPayments1733010000000, LedgerHardening1733100000000, SentEmails1733200000000, Statements1733300000000, ProviderEvents1733400000000, Payouts1733410000000, SandboxMoney1733420000000, FinanceRole1733500000000, FinanceExports1733510000000, Reconciliation1733700000000, CardGateways1733800000000, HotReadIndexes1733900000000, PayoutLineCharges1734010000000, StatementYearIndexes1734500000000, StatementLineStatistics1734600000000, ReceiptEmails1734700000000, ReceiptEmailsSentOnce1734800000000];
