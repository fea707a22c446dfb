import { useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { MESSAGES } from '@rentwise/libs/messages';
import { stripeFor } from '../app/stripeJs';
import { Button } from './Button';
import './card-form.css';

const cardStyle = {
  base: {
    color: '#0f1b2d',
    fontFamily: "'Inter Variable', system-ui, sans-serif",
    fontSize: '16px',
    '::placeholder': { color: '#4b5768' },
  },
  invalid: { color: '#b42328' },
};

interface StripeCardFieldsProps {
  /** The primary action's label, e.g. 'Review payment' or 'Save card'. */
  submitLabel: string;
  /**
   * What the card is for, with Stripe.js and the card Element: a payment method for a payment now
   * (createPaymentMethod), or a SetupIntent confirmed to save it (confirmCardSetup). The form is busy
   * until it ends; it reports its own outcome.
   */
  onSubmit: (stripe: Stripe, card: StripeCardElement) => Promise<void>;
  /** Stripe.js did not load: the message to show. */
  onRefused: (message: string) => void;
}

function StripeCardFields({ submitLabel, onSubmit, onRefused }: StripeCardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      onRefused(MESSAGES.noGatewayResponse);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(stripe, card);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="card-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Card details">
      <div className="field">
        <span className="field__label">Card</span>
        <div className="card-form__stripe">
          <CardElement options={{ style: cardStyle, hidePostalCode: false }} />
        </div>
      </div>
      <Button type="submit" size="lg" fullWidth isLoading={isSubmitting || !stripe}>
        {submitLabel}
      </Button>
    </form>
  );
}

export interface StripeCardFormProps extends StripeCardFieldsProps {
  publishableKey: string;
  connectedAccountId: string | null;
}

/**
 * Card entry by Stripe Elements, on the landlord's connected account: the card goes from the browser
 * to Stripe, never through our server. The payment screen's and autopay's; load it lazily.
 */
export default function StripeCardForm({ publishableKey, connectedAccountId, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey, connectedAccountId)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
