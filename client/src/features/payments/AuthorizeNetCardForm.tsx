import { FlaskConical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cardBrandOf } from '@rentwise/libs/card-number';
import {
  CARD_CODE_MAX_LENGTH,
  CARD_EXPIRY_LENGTH,
  CARD_NUMBER_MAX_LENGTH,
  formatCardExpiry,
  groupCardNumber,
} from '@rentwise/libs/schemas/card-entry.schema';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import '../../components/card-form.css';
import { tokenizeCard } from './acceptJs';
import { useCardEntryForm, type CardEntryProps } from '../../components/cardEntry';
import type { AuthorizeNetSetup } from './paymentsApi';

/** Spec section 9: a window narrower than this is a small phone, where the card's fields stand apart. */
const SMALL_PHONE_QUERY = '(max-width: 374.98px)';

function useIsSmallPhone(): boolean {
  const [small, setSmall] = useState(() => window.matchMedia(SMALL_PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(SMALL_PHONE_QUERY);
    const update = () => setSmall(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return small;
}

interface AuthorizeNetCardFormProps extends CardEntryProps {
  gateway: AuthorizeNetSetup;
}

/**
 * The Authorize.Net card form: checks made on Continue with the messages of spec
 * section 5, then the card goes to the gateway's tokenizer (Accept.js, or the sandbox's stand-in)
 * and only its nonce, brand and last four digits come back to the page.
 */
export function AuthorizeNetCardForm({ gateway, onAccepted, onRefused, submitLabel }: AuthorizeNetCardFormProps) {
  const small = useIsSmallPhone();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useCardEntryForm();

  const submit = handleSubmit(async (card) => {
    const outcome = await tokenizeCard(gateway, {
      cardNumber: card.number,
      month: String(card.expMonth).padStart(2, '0'),
      year: String(card.expYear),
      cardCode: card.cvc,
    });
    if (typeof outcome === 'string') return onRefused(outcome);
    await onAccepted({
      paymentMethodId: outcome.dataValue,
      nonceDescriptor: outcome.dataDescriptor,
      brand: cardBrandOf(card.number),
      last4: card.number.slice(-4),
    });
  });

  const number = register('number');
  const expiry = register('expiry');
  const fields = [
    <TextField
      key="number"
      className="authorize-net-card__number"
      label="Card number"
      inputMode="numeric"
      autoComplete="cc-number"
      placeholder="1234 1234 1234 1234"
      maxLength={CARD_NUMBER_MAX_LENGTH}
      error={small ? errors.number?.message : undefined}
      aria-invalid={errors.number ? true : undefined}
      {...number}
      onChange={(event) => {
        event.target.value = groupCardNumber(event.target.value);
        return number.onChange(event);
      }}
    />,
    <TextField
      key="expiry"
      className="authorize-net-card__expiry"
      label="Expiry (MM/YY)"
      inputMode="numeric"
      autoComplete="cc-exp"
      placeholder="MM/YY"
      maxLength={CARD_EXPIRY_LENGTH}
      error={small ? errors.expiry?.message : undefined}
      aria-invalid={errors.expiry ? true : undefined}
      {...expiry}
      onChange={(event) => {
        const typed = event.target.value;
        if (!typed.endsWith('/')) event.target.value = formatCardExpiry(typed);
        return expiry.onChange(event);
      }}
    />,
    <TextField
      key="cvc"
      className="authorize-net-card__code"
      label="CVC"
      inputMode="numeric"
      autoComplete="cc-csc"
      placeholder="123"
      maxLength={CARD_CODE_MAX_LENGTH}
      error={small ? errors.cvc?.message : undefined}
      aria-invalid={errors.cvc ? true : undefined}
      {...register('cvc')}
    />,
  ];
  // One line under the combined row, the first problem in reading order (as the legacy screen showed it).
  const rowError = errors.number?.message ?? errors.expiry?.message ?? errors.cvc?.message;

  return (
    <form className="card-form authorize-net-card" onSubmit={submit} noValidate aria-label="Card details">
      {gateway.kind === 'sandbox' && (
        <p className="sandbox-badge">
          <FlaskConical aria-hidden="true" size={16} />
          Authorize.Net sandbox — test cards only
        </p>
      )}
      {/* One tree at every width, only its classes change: a phone turned mid-entry keeps the field
          being typed in, its value and its keyboard. */}
      <div className="authorize-net-card__entry">
        <div className={small ? 'authorize-net-card__fields' : `authorize-net-card__row${rowError ? ' authorize-net-card__row--invalid' : ''}`}>{fields}</div>
        {!small && rowError && (
          <p className="field__error" role="alert">
            {rowError}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
