import { lazy, Suspense, type ReactNode } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { ArrowLeft, Lock } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { Button } from '../../components/Button';
import type { AcceptedCard } from '../../components/cardEntry';
import { Notice } from '../../components/Notice';
import { SandboxCardForm } from '../../components/SandboxCardForm';
import { Skeleton } from '../../components/Skeleton';
import { AuthorizeNetCardForm } from './AuthorizeNetCardForm';
import type { PaymentSetup } from './paymentsApi';
import { showPaymentToast } from './paymentToast';
import { StepHeading } from './StepHeading';

// Stripe.js and Elements load only when a tenant of a Stripe landlord reaches this step.
const StripeCardForm = lazy(() => import('../../components/StripeCardForm'));

/** Stripe.js makes the card's payment method on the landlord's account: its id, or the message to show. */
async function paymentMethodOf(stripe: Stripe, card: StripeCardElement): Promise<AcceptedCard | string> {
  const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
  if (error) return error.message ?? MESSAGES.gatewayError;
  if (!paymentMethod) return MESSAGES.cardNotAdded;
  return { paymentMethodId: paymentMethod.id, brand: paymentMethod.card?.brand ?? 'card', last4: paymentMethod.card?.last4 ?? '' };
}

interface CardStepProps {
  setup: PaymentSetup;
  amountCents: number;
  onAccepted: (card: AcceptedCard) => void;
  onBack: () => void;
  takeFocus: boolean;
  /** Card or Bank account, when the landlord takes bank debits. */
  methodSwitch?: ReactNode;
}

function CardFormLoading() {
  return (
    <div className="card-form" aria-busy="true">
      <Skeleton height="3rem" shape="block" />
      <Skeleton height="3rem" shape="block" />
    </div>
  );
}

/** Step 2: the card. Card data goes to the card provider (or the sandbox tokenizer), never to our API. */
export function CardStep({ setup, amountCents, onAccepted, onBack, takeFocus, methodSwitch }: CardStepProps) {
  const refused = (message: string) => showPaymentToast(message, 'error');
  const submitLabel = 'Review payment';

  return (
    <section className="pay pay--card" aria-labelledby="pay-card-title">
      <header className="pay__top">
        <StepHeading id="pay-card-title" takeFocus={takeFocus}>Card details</StepHeading>
        <p className="pay__date">
          Paying <span className="money">{formatCents(amountCents)}</span> +{' '}
          <span className="money">{formatCents(setup.processingFeeCents)}</span> processing fee
        </p>
      </header>

      {methodSwitch}

      {setup.cardGateway === 'authorize_net' ? (
        setup.authorizeNetSetup ? (
          <AuthorizeNetCardForm gateway={setup.authorizeNetSetup} onAccepted={onAccepted} onRefused={refused} submitLabel="Continue" />
        ) : (
          <Notice tone="danger" title={MESSAGES.noGatewayResponse} />
        )
      ) : setup.gateway === 'stripe' ? (
        setup.publishableKey ? (
          <Suspense fallback={<CardFormLoading />}>
            <StripeCardForm
              publishableKey={setup.publishableKey}
              connectedAccountId={setup.connectedAccountId}
              onSubmit={async (stripe, card) => {
                const outcome = await paymentMethodOf(stripe, card);
                if (typeof outcome === 'string') refused(outcome);
                else onAccepted(outcome);
              }}
              onRefused={refused}
              submitLabel={submitLabel}
            />
          </Suspense>
        ) : (
          <Notice tone="danger" title={MESSAGES.noGatewayResponse} />
        )
      ) : (
        <SandboxCardForm onAccepted={onAccepted} onRefused={refused} submitLabel={submitLabel} />
      )}

      <p className="pay__secure">
        <Lock aria-hidden="true" size={16} />
        Your card goes straight to our card processor. Rentwise never sees or stores it.
      </p>

      <Button variant="ghost" fullWidth onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        Go back
      </Button>
    </section>
  );
}
