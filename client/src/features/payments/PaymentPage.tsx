import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { KeypadKey } from '@rentwise/libs/keypad';
import { formatCents } from '@rentwise/libs/money';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { Skeleton } from '../../components/Skeleton';
import { AmountStep } from './AmountStep';
import { offersBankDebit } from './bankAccount';
import { ConfirmStep } from './ConfirmStep';
import { enteredCents, initialPaymentFlow, paymentFlow, type PaymentFlowAction } from './paymentFlow';
import { useGetPaymentSetupQuery, type PaymentSetup } from './paymentsApi';
import { dismissPaymentToasts } from './paymentToast';
import { SignInFreshnessNotice } from './SignInFreshnessNotice';
import { PaymentMethodSwitch, type PaymentMethodKind } from '../../components/PaymentMethodSwitch';
import { SuccessStep } from './SuccessStep';
import { useConfirmPayment, type PaymentMethodChoice } from './useConfirmPayment';
import './payments.css';

function PaymentLoading() {
  return (
    <div className="pay" aria-busy="true" aria-label="Loading the payment screen">
      <Skeleton width="10rem" height="1.5rem" />
      <Skeleton width="100%" height="2.75rem" shape="block" />
      <Skeleton width="8rem" height="3rem" />
      <div className="keypad" aria-hidden="true">
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} shape="block" height="100%" />
        ))}
      </div>
    </div>
  );
}

/**
 * The card step brings the card forms (react-hook-form, zod and the card schemas): fetched once the
 * tenant starts entering an amount rather than before the page's first paint, on the phones tenants
 * pay from.
 */
const loadCardStep = () => import('./CardStep');
const CardStep = lazy(() => loadCardStep().then((module) => ({ default: module.CardStep })));
// A failed early fetch is not the tenant's concern yet: the step itself asks again when it is shown.
const preloadCardStep = () => void loadCardStep().catch(() => undefined);

function CardStepLoading() {
  return (
    <div className="pay" aria-busy="true" aria-label="Loading the card form">
      <Skeleton width="10rem" height="1.5rem" />
      <Skeleton width="100%" height="3rem" shape="block" />
      <Skeleton width="100%" height="3rem" shape="block" />
    </div>
  );
}

/** The bank account steps (the bank link, the authorization) likewise, once the tenant may choose them. */
const loadBankAccountStep = () => import('./BankAccountStep');
const loadBankConfirmStep = () => import('./BankConfirmStep');
const BankAccountStep = lazy(() => loadBankAccountStep().then((module) => ({ default: module.BankAccountStep })));
const BankConfirmStep = lazy(() => loadBankConfirmStep().then((module) => ({ default: module.BankConfirmStep })));
const preloadBankSteps = () => {
  void loadBankAccountStep().catch(() => undefined);
  void loadBankConfirmStep().catch(() => undefined);
};

function BankStepLoading() {
  return (
    <div className="pay" aria-busy="true" aria-label="Loading the bank account step">
      <Skeleton width="10rem" height="1.5rem" />
      <Skeleton width="100%" height="3rem" shape="block" />
    </div>
  );
}

function PaymentFlow({ setup }: { setup: PaymentSetup }) {
  const [state, dispatch] = useReducer(paymentFlow, initialPaymentFlow);
  const { confirm, isSubmitting, forgetAttempt } = useConfirmPayment(setup.signedInAt);
  // 'You paid $1,856.99 for this home 3 minutes ago. Pay again?' while the tenant decides (issue 32).
  const [repeatQuestion, setRepeatQuestion] = useState<string | null>(null);
  // The first step keeps focus where the page put it; later steps take it, so a screen reader follows.
  const hasMoved = useRef(false);
  useEffect(() => {
    if (state.step !== 'amount') hasMoved.current = true;
  }, [state.step]);

  const amountCents = enteredCents(state);
  const bankDebit = offersBankDebit(setup) ? setup.bankDebit : null;
  // Each of the tenant's actions dismisses the message the previous one left.
  const act = useCallback((action: PaymentFlowAction) => {
    dismissPaymentToasts();
    dispatch(action);
  }, []);
  const onKey = useCallback(
    (key: KeypadKey) => {
      preloadCardStep();
      act({ type: 'keyPressed', key });
    },
    [act],
  );
  const offersBank = bankDebit !== null;
  const onContinue = useCallback(() => act({ type: 'amountAccepted' }), [act]);
  useEffect(() => {
    if (state.step === 'card' && offersBank) preloadBankSteps();
  }, [state.step, offersBank]);
  const onBack = useCallback(() => act({ type: 'wentBack' }), [act]);

  // The landlord stopped taking bank debits while the tenant was paying (the setup was read again after
  // a refusal): back to the amount, where Card is what remains; the server's message says why.
  const bankFlowWithoutBank = !offersBank && (state.step === 'bank' || state.bankAccount !== null);
  useEffect(() => {
    if (bankFlowWithoutBank) dispatch({ type: 'wentBack' });
  }, [bankFlowWithoutBank]);

  const choice: PaymentMethodChoice | null = state.card
    ? { kind: 'card', card: state.card }
    : state.bankAccount && bankDebit
      ? { kind: 'bank', bankAccount: state.bankAccount, mandateVersion: bankDebit.mandateVersion }
      : null;
  const methodSwitch = (current: PaymentMethodKind) =>
    bankDebit ? (
      <PaymentMethodSwitch
        current={current}
        cardFeeCents={setup.processingFeeCents}
        bankFeeCents={bankDebit.feeCents}
        onSwitch={(method) => act({ type: 'methodSwitched', method })}
      />
    ) : null;
  const totalCents = amountCents + (choice?.kind === 'bank' && bankDebit ? bankDebit.feeCents : setup.processingFeeCents);

  async function pay(confirmRepeat = false) {
    if (!choice) return;
    dismissPaymentToasts();
    setRepeatQuestion(null);
    const outcome = await confirm(amountCents, choice, confirmRepeat);
    if (outcome?.kind === 'paid') dispatch({ type: 'paid', confirmed: outcome.confirmed });
    if (outcome?.kind === 'cardRefused') dispatch({ type: 'cardRefused' });
    if (outcome?.kind === 'bankAccountRefused') dispatch({ type: 'bankAccountRefused' });
    if (outcome?.kind === 'repeatToConfirm') setRepeatQuestion(outcome.question);
  }

  switch (state.step) {
    case 'amount':
      return <AmountStep setup={setup} display={state.display} onKey={onKey} onContinue={onContinue} takeFocus={hasMoved.current} />;
    case 'card':
      return (
        <Suspense fallback={<CardStepLoading />}>
          <CardStep
            setup={setup}
            amountCents={amountCents}
            onAccepted={(card) => act({ type: 'cardAccepted', card })}
            onBack={onBack}
            takeFocus
            methodSwitch={methodSwitch('card')}
          />
        </Suspense>
      );
    case 'bank':
      return bankDebit ? (
        <Suspense fallback={<BankStepLoading />}>
          <BankAccountStep
            bankDebit={bankDebit}
            connectedAccountId={setup.connectedAccountId}
            publishableKey={setup.publishableKey}
            amountCents={amountCents}
            onChosen={(bankAccount) => act({ type: 'bankAccountChosen', bankAccount })}
            onBack={onBack}
            takeFocus
            methodSwitch={methodSwitch('bank')}
            onUseCard={() => act({ type: 'methodSwitched', method: 'card' })}
          />
        </Suspense>
      ) : null;
    case 'confirm':
      return choice ? (
        <>
          {choice.kind === 'card' ? (
            <ConfirmStep
              amountCents={amountCents}
              processingFeeCents={setup.processingFeeCents}
              card={choice.card}
              isSubmitting={isSubmitting}
              onPay={() => void pay()}
              onBack={onBack}
              takeFocus
            />
          ) : (
            <Suspense fallback={<BankStepLoading />}>
              <BankConfirmStep
                amountCents={amountCents}
                bankDebit={bankDebit!}
                bankAccount={choice.bankAccount}
                isSubmitting={isSubmitting}
                onPay={() => void pay()}
                onBack={onBack}
                takeFocus
              />
            </Suspense>
          )}
          {/* Cancel has focus first: a stray Enter never pays twice. */}
          <ConfirmDialog
            open={repeatQuestion !== null}
            title="Is this a second payment?"
            tone="primary"
            confirmLabel={`Pay ${formatCents(totalCents)} again`}
            cancelLabel="Don’t pay"
            onConfirm={() => void pay(true)}
            onCancel={() => setRepeatQuestion(null)}
          >
            <div className="pay-repeat">
              <p>{repeatQuestion}</p>
              <p>Nothing has been charged for this one yet.</p>
            </div>
          </ConfirmDialog>
        </>
      ) : null;
    case 'success':
      return state.confirmed ? (
        <SuccessStep
          confirmed={state.confirmed}
          onAllDone={() => {
            forgetAttempt();
            act({ type: 'allDone' });
          }}
        />
      ) : null;
  }
}

/** /tenant/payment: amount, card or bank account, confirmation and success (spec sections 2, 4 and 5; issue 35). */
export function PaymentPage() {
  const { data: setup, isLoading, isError, refetch, isFetching } = useGetPaymentSetupQuery();

  return (
    <div className="app-page payment-page">
      <title>Make a Payment · Rentwise</title>
      {isLoading && <PaymentLoading />}
      {isError && !setup && (
        <div className="pay" role="alert">
          <h1 className="pay__title">Make a Payment</h1>
          <Notice tone="danger" title="The payment screen didn’t load">
            <p>Nothing was charged. Check your connection, then try again.</p>
          </Notice>
          <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching}>
            <RefreshCw aria-hidden="true" size={18} />
            Try again
          </Button>
        </div>
      )}
      {setup && <SignInFreshnessNotice signedInAt={setup.signedInAt} />}
      {setup && <PaymentFlow setup={setup} />}
    </div>
  );
}
