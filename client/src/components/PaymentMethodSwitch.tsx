import { useId } from 'react';
import { CreditCard, Landmark } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import './pay-switch.css';

export type PaymentMethodKind = 'card' | 'bank';

interface PaymentMethodSwitchProps {
  current: PaymentMethodKind;
  cardFeeCents: number;
  bankFeeCents: number;
  onSwitch: (method: PaymentMethodKind) => void;
  /** The group's name: 'Way to pay' on the payment screen, 'Pay from' for autopay. */
  label?: string;
  /** Card first where the amount leads to it (the payment screen); autopay starts from the bank account. */
  order?: readonly PaymentMethodKind[];
}

const OPTIONS = {
  card: { title: 'Card', icon: CreditCard },
  bank: { title: 'Bank account', icon: Landmark },
} as const;

/**
 * Card or Bank account, with each one's fee: above the payment screen's card form and bank account
 * step when the landlord takes bank debits, and on the autopay page when they take both. Toggle
 * buttons (aria-pressed), so Tab and Enter are all it takes. Each is named by all it shows ("Card
 * $6.99 fee"): a name that leaves out visible text fails WCAG's label in name (axe's
 * label-content-name-mismatch), and a speech user says what they see.
 */
export function PaymentMethodSwitch({ current, cardFeeCents, bankFeeCents, onSwitch, label = 'Way to pay', order = ['card', 'bank'] }: PaymentMethodSwitchProps) {
  const id = useId();
  const feeCents = { card: cardFeeCents, bank: bankFeeCents };
  return (
    <div className="pay-switch" role="group" aria-label={label}>
      {order.map((method) => {
        const { title, icon: Icon } = OPTIONS[method];
        return (
          <button
            key={method}
            type="button"
            className="pay-switch__option"
            aria-pressed={current === method}
            aria-labelledby={`${id}-${method} ${id}-${method}-fee`}
            onClick={() => {
              if (current !== method) onSwitch(method);
            }}
          >
            <span id={`${id}-${method}`} className="pay-switch__title">
              <Icon aria-hidden="true" size={18} />
              {title}
            </span>
            <span id={`${id}-${method}-fee`} className="pay-switch__fee">
              {formatCents(feeCents[method])} fee
            </span>
          </button>
        );
      })}
    </div>
  );
}
