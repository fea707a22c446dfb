import { FlaskConical } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import {
  CARD_CODE_MAX_LENGTH,
  CARD_EXPIRY_LENGTH,
  CARD_NUMBER_MAX_LENGTH,
  formatCardExpiry,
  groupCardNumber,
  type CardEntryInput,
} from '@rentwise/libs/schemas/card-entry.schema';
import { Button } from './Button';
import { useCardEntryForm, type AcceptedCard, type CardEntryProps } from './cardEntry';
import { TextField } from './TextField';
import './card-form.css';

/** The sandbox's card tokenizer: Stripe-like, served by our product in development only, never under /api. */
export const SANDBOX_PAYMENT_METHODS_URL = '/sandbox/v1/payment_methods';

interface SandboxPaymentMethod {
  id?: string;
  card?: { brand: string; last4: string };
  error?: { message?: string };
}

/** Asks the sandbox tokenizer for a payment method: the accepted card, or the message to show. */
async function tokenize(card: CardEntryInput): Promise<AcceptedCard | string> {
  let response: Response;
  try {
    response = await fetch(SANDBOX_PAYMENT_METHODS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(card),
    });
  } catch {
    return MESSAGES.noGatewayResponse;
  }
  const answer = (await response.json().catch(() => ({}))) as SandboxPaymentMethod;
  if (!response.ok) return answer.error?.message ?? MESSAGES.gatewayError;
  if (!answer.id) return MESSAGES.cardNotAdded;
  return { paymentMethodId: answer.id, brand: answer.card?.brand ?? 'card', last4: answer.card?.last4 ?? '' };
}

/** The card form of the sandbox gateway, which behaves like the provider's test mode: the payment screen's and autopay's. */
export function SandboxCardForm({ onAccepted, onRefused, submitLabel }: CardEntryProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useCardEntryForm();

  const submit = handleSubmit(async (card) => {
    const outcome = await tokenize(card);
    if (typeof outcome === 'string') onRefused(outcome);
    else await onAccepted(outcome);
  });

  const number = register('number');
  const expiry = register('expiry');

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Card details">
      <p className="sandbox-badge">
        <FlaskConical aria-hidden="true" size={16} />
        Sandbox — test cards only
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        error={errors.number?.message}
        {...number}
        onChange={(event) => {
          event.target.value = groupCardNumber(event.target.value);
          return number.onChange(event);
        }}
      />
      <div className="card-form__row">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={CARD_EXPIRY_LENGTH}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            const typed = event.target.value;
            // Deleting back over the slash must stay possible, so only typing forward adds it.
            if (!typed.endsWith('/')) event.target.value = formatCardExpiry(typed);
            return expiry.onChange(event);
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={CARD_CODE_MAX_LENGTH}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
