import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { MESSAGES } from '@rentwise/libs/messages';
import type { SaveCardInput } from '@rentwise/libs/schemas/saved-card.schema';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { Notice } from '../../components/Notice';
import { SandboxCardForm } from '../../components/SandboxCardForm';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { type CardSetup, type SavedCard, useSaveCardMutation, useStartCardSetupMutation } from './autopayApi';

// Stripe.js and Elements load only when a tenant of a Stripe landlord adds a card.
const StripeCardForm = lazy(() => import('../../components/StripeCardForm'));

const SAVE_LABEL = 'Save card';

function CardFormLoading() {
  return (
    <div className="card-form" aria-busy="true">
      <Skeleton height="3rem" shape="block" />
      <Skeleton height="3rem" shape="block" />
    </div>
  );
}

interface AddCardPanelProps {
  setup: CardSetup;
  refusal: string | null;
  onRefused: (message: string) => void;
  save: (body: SaveCardInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * The card entry, in the page: the sandbox's card form, or Stripe's card Element confirming the
 * SetupIntent (3-D Secure then, if the bank asks, while the tenant is here). Its title takes focus.
 */
function AddCardPanel({ setup, refusal, onRefused, save, onCancel }: AddCardPanelProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  async function confirmSetup(stripe: Stripe, card: StripeCardElement, clientSecret: string, setupIntentId: string) {
    const { error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
    if (error) onRefused(error.message ?? MESSAGES.cardNotAdded);
    else await save({ setupIntentId });
  }

  let form: ReactNode;
  if (setup.provider === 'sandbox') {
    form = <SandboxCardForm submitLabel={SAVE_LABEL} onAccepted={(card) => save({ paymentMethodId: card.paymentMethodId })} onRefused={onRefused} />;
  } else if (setup.publishableKey) {
    const { publishableKey, connectedAccountId, clientSecret, setupIntentId } = setup;
    form = (
      <Suspense fallback={<CardFormLoading />}>
        <StripeCardForm
          publishableKey={publishableKey}
          connectedAccountId={connectedAccountId}
          submitLabel={SAVE_LABEL}
          onSubmit={(stripe, card) => confirmSetup(stripe, card, clientSecret, setupIntentId)}
          onRefused={onRefused}
        />
      </Suspense>
    );
  } else form = <Notice tone="danger" title={MESSAGES.noGatewayResponse} />;

  return (
    <section className="autopay-add-card" aria-labelledby={titleId}>
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="autopay-add-card__title">
        Add a card
      </h3>
      <FormFailure message={refusal ?? undefined} />
      {form}
      <p className="autopay-secure muted">
        <Lock aria-hidden="true" size={16} />
        Your card goes straight to our card processor. Rentwise never sees or stores it.
      </p>
      <Button variant="ghost" fullWidth onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}

/**
 * Adding a card for autopay on the page: `start` asks the server how (POST /tenant/cards/setup), then
 * `panel` holds the card form; the card is saved at once (POST /tenant/cards) and `onSaved` hears it.
 * Render `panel` outside any form (the card forms are forms) and `refusal` beside the button.
 */
export function useAddCard(onSaved: (card: SavedCard) => void) {
  const [startCardSetup, { isLoading: isStarting }] = useStartCardSetupMutation();
  const [saveCard] = useSaveCardMutation();
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function start() {
    setRefusal(null);
    try {
      setSetup(await startCardSetup().unwrap());
    } catch (error) {
      setRefusal(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  }

  async function save(body: SaveCardInput) {
    setRefusal(null);
    try {
      const card = await saveCard(body).unwrap();
      showToast(`${paymentMethodLabel(card.brand, card.last4)} is saved.`, { tone: 'success' });
      setSetup(null);
      onSaved(card);
    } catch (error) {
      setRefusal(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  }

  const close = () => {
    setSetup(null);
    setRefusal(null);
  };

  return {
    start: () => void start(),
    isStarting,
    isOpen: setup !== null,
    /** Why the card could not be set up, while the panel is closed. */
    refusal: setup === null ? <FormFailure message={refusal ?? undefined} /> : null,
    panel: setup ? <AddCardPanel setup={setup} refusal={refusal} onRefused={setRefusal} save={save} onCancel={close} /> : null,
  };
}
