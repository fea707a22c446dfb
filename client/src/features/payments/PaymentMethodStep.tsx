import { ArrowLeft, ChevronRight, CreditCard, Landmark, type LucideIcon } from 'lucide-react';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { formatCents } from '@rentwise/libs/money';
import { Button } from '../../components/Button';
import type { BankDebitSetup } from './paymentsApi';
import { StepHeading } from './StepHeading';

interface PaymentMethodStepProps {
  amountCents: number;
  cardFeeCents: number;
  bankDebit: BankDebitSetup;
  onChosen: (method: 'card' | 'bank') => void;
  onBack: () => void;
  takeFocus: boolean;
}

interface MethodOption {
  method: 'card' | 'bank';
  title: string;
  icon: LucideIcon;
  detail: string;
  totalCents: number;
}

/** Between the amount and the card: Card or Bank account, each with its fee, its total and when it is paid. */
export function PaymentMethodStep({ amountCents, cardFeeCents, bankDebit, onChosen, onBack, takeFocus }: PaymentMethodStepProps) {
  const options: MethodOption[] = [
    {
      method: 'bank',
      title: 'Bank account',
      icon: Landmark,
      detail: `Bank fee ${formatCents(bankDebit.feeCents)} · arrives in about ${BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days`,
      totalCents: amountCents + bankDebit.feeCents,
    },
    {
      method: 'card',
      title: 'Card',
      icon: CreditCard,
      detail: `Processing fee ${formatCents(cardFeeCents)} · paid at once`,
      totalCents: amountCents + cardFeeCents,
    },
  ];

  return (
    <section className="pay pay--method" aria-labelledby="pay-method-title">
      <header className="pay__top">
        <StepHeading id="pay-method-title" takeFocus={takeFocus}>How would you like to pay?</StepHeading>
        <p className="pay__date">
          Paying <span className="money">{formatCents(amountCents)}</span>
        </p>
      </header>

      <ul className="pay-methods">
        {options.map(({ method, title, icon: Icon, detail, totalCents }) => (
          <li key={method}>
            <button
              type="button"
              className="pay-method"
              aria-labelledby={`pay-method-${method}`}
              aria-describedby={`pay-method-${method}-detail`}
              onClick={() => onChosen(method)}
            >
              <Icon className="pay-method__icon" aria-hidden="true" size={22} />
              <span className="pay-method__text">
                <span id={`pay-method-${method}`} className="pay-method__title">
                  {title}
                </span>
                <span id={`pay-method-${method}-detail`} className="pay-method__detail">
                  {detail}. Total <span className="money">{formatCents(totalCents)}</span>
                </span>
              </span>
              <ChevronRight className="pay-method__chevron" aria-hidden="true" size={18} />
            </button>
          </li>
        ))}
      </ul>

      <Button variant="ghost" fullWidth onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>
    </section>
  );
}
