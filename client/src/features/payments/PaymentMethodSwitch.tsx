import { CreditCard, Landmark } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';

export type PaymentMethodKind = 'card' | 'bank';

interface PaymentMethodSwitchProps {
  current: PaymentMethodKind;
  cardFeeCents: number;
  bankFeeCents: number;
  onSwitch: (method: PaymentMethodKind) => void;
}

/**
 * Card or Bank account, with each one's fee, above the card form and the bank account step when the
 * landlord takes bank debits. Card stays where the amount leads, as the spec has it; the bank account
 * is one tap away. Toggle buttons (aria-pressed), so Tab and Enter are all it takes.
 */
export function PaymentMethodSwitch({ current, cardFeeCents, bankFeeCents, onSwitch }: PaymentMethodSwitchProps) {
  const options = [
    { method: 'card' as const, title: 'Card', icon: CreditCard, fee: `${formatCents(cardFeeCents)} fee` },
    { method: 'bank' as const, title: 'Bank account', icon: Landmark, fee: `${formatCents(bankFeeCents)} fee` },
  ];
  return (
    <div className="pay-switch" role="group" aria-label="Way to pay">
      {options.map(({ method, title, icon: Icon, fee }) => (
        <button
          key={method}
          type="button"
          className="pay-switch__option"
          aria-pressed={current === method}
          aria-labelledby={`pay-switch-${method}`}
          aria-describedby={`pay-switch-${method}-fee`}
          onClick={() => {
            if (current !== method) onSwitch(method);
          }}
        >
          <span id={`pay-switch-${method}`} className="pay-switch__title">
            <Icon aria-hidden="true" size={18} />
            {title}
          </span>
          <span id={`pay-switch-${method}-fee`} className="pay-switch__fee">
            {fee}
          </span>
        </button>
      ))}
    </div>
  );
}
