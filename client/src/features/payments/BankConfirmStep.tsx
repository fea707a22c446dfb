import { useId, useState } from 'react';
import { ArrowLeft, Landmark } from 'lucide-react';
import { bankDebitMandateText } from '@rentwise/libs/bank-debits';
import { formatCents } from '@rentwise/libs/money';
import { Button } from '../../components/Button';
import { bankAccountLabel } from '../../components/bankAccount';
import type { ChosenBankAccount } from './bankAccount';
import type { BankDebitSetup } from './paymentsApi';
import { StepHeading } from './StepHeading';

interface BankConfirmStepProps {
  amountCents: number;
  bankDebit: BankDebitSetup;
  bankAccount: ChosenBankAccount;
  isSubmitting: boolean;
  onPay: () => void;
  onBack: () => void;
  takeFocus: boolean;
}

/**
 * Step 3 for a bank debit: what will be debited, in full, and the authorization the tenant accepts
 * before anything is debited. The text is the one the server stores with the payment (same libs function).
 */
export function BankConfirmStep({ amountCents, bankDebit, bankAccount, isSubmitting, onPay, onBack, takeFocus }: BankConfirmStepProps) {
  const [authorized, setAuthorized] = useState(false);
  const mandateId = useId();
  // What the server debits: the amount entered plus the platform's bank fee.
  const totalCents = amountCents + bankDebit.feeCents;
  const mandate = bankDebitMandateText({
    ...bankDebit.mandateParties,
    bankName: bankAccount.bankName,
    last4: bankAccount.last4,
    chargedCents: totalCents,
  });

  return (
    <section className="pay pay--confirm" aria-labelledby="pay-confirm-title">
      <header className="pay__top">
        <StepHeading id="pay-confirm-title" takeFocus={takeFocus}>Confirm payment</StepHeading>
      </header>

      <div className="card card--padding-md">
        <dl className="pay-summary">
          <div>
            <dt>Amount</dt>
            <dd className="money">{formatCents(amountCents)}</dd>
          </div>
          <div>
            <dt>Bank fee</dt>
            <dd className="money">{formatCents(bankDebit.feeCents)}</dd>
          </div>
          <div className="pay-summary__total">
            <dt>Total debited</dt>
            <dd className="money">{formatCents(totalCents)}</dd>
          </div>
        </dl>
        <p className="pay-summary__card">
          <Landmark aria-hidden="true" size={18} />
          {bankAccountLabel(bankAccount)}
        </p>
      </div>

      <div className="pay-mandate">
        <h2 className="pay-mandate__title">Debit authorization</h2>
        <p id={mandateId} className="pay-mandate__text">
          {mandate}
        </p>
        <label className="check">
          <input type="checkbox" checked={authorized} onChange={(event) => setAuthorized(event.target.checked)} aria-describedby={mandateId} />
          <span>I authorize this debit</span>
        </label>
      </div>

      <Button size="lg" fullWidth isLoading={isSubmitting} disabled={!authorized} onClick={onPay}>
        Pay {formatCents(totalCents)}
      </Button>
      <Button variant="ghost" fullWidth onClick={onBack} disabled={isSubmitting}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>
    </section>
  );
}
