import { useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { MESSAGES } from '@rentwise/libs/messages';
import { Button } from '../../components/Button';
import type { CardEntryProps } from './cardEntry';
import { stripeFor } from '../../app/stripeJs';

const cardStyle = {
  base: {
    color: '#0f1b2d',
    fontFamily: "'Inter Variable', system-ui, sans-serif",
    fontSize: '16px',
    '::placeholder': { color: '#4b5768' },
  },
  invalid: { color: '#b42328' },
};

function StripeCardFields({ onAccepted, onRefused, submitLabel }: CardEntryProps) {
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
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error) onRefused(error.message ?? MESSAGES.gatewayError);
      else if (!paymentMethod) onRefused(MESSAGES.cardNotAdded);
      else onAccepted({ paymentMethodId: paymentMethod.id, brand: paymentMethod.card?.brand ?? 'card', last4: paymentMethod.card?.last4 ?? '' });
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

interface StripeCardFormProps extends CardEntryProps {
  publishableKey: string;
  connectedAccountId: string | null;
}

/** Card entry by Stripe Elements: the card goes from the browser to Stripe, never through our server. */
export default function StripeCardForm({ publishableKey, connectedAccountId, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey, connectedAccountId)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
