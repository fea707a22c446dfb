import { ArrowLeft, CreditCard } from 'lucide-react';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { formatCents } from '@rentwise/libs/money';
import { Button } from '../../components/Button';
import type { AcceptedCard } from '../../components/cardEntry';
import { StepHeading } from './StepHeading';

interface ConfirmStepProps {
  amountCents: number;
  processingFeeCents: number;
  card: AcceptedCard;
  isSubmitting: boolean;
  onPay: () => void;
  onBack: () => void;
  takeFocus: boolean;
}

/** Step 3: what will be charged, in full, before anything is charged. */
export function ConfirmStep({ amountCents, processingFeeCents, card, isSubmitting, onPay, onBack, takeFocus }: ConfirmStepProps) {
  const totalCents = amountCents + processingFeeCents;
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
            <dt>Processing fee</dt>
            <dd className="money">{formatCents(processingFeeCents)}</dd>
          </div>
          <div className="pay-summary__total">
            <dt>Total charged</dt>
            <dd className="money">{formatCents(totalCents)}</dd>
          </div>
        </dl>
        <p className="pay-summary__card">
          <CreditCard aria-hidden="true" size={18} />
          {paymentMethodLabel(card.brand, card.last4)}
        </p>
      </div>

      <Button size="lg" fullWidth isLoading={isSubmitting} onClick={onPay}>
        Pay {formatCents(totalCents)}
      </Button>
      <Button variant="ghost" fullWidth onClick={onBack} disabled={isSubmitting}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>
    </section>
  );
}
