import { useLayoutEffect, useRef } from 'react';
import { MESSAGES } from '@rentwise/libs/messages';
import { isAuthorizeNetPayableAmount } from '@rentwise/libs/authorize-net';
import { keypadDisplayToCents, type KeypadKey } from '@rentwise/libs/keypad';
import { formatCents } from '@rentwise/libs/money';
import { shortDateLabel, todayLabel } from '../../app/dates';
import { upcomingAutopayPayment, useGetTenantAutopayQuery } from '../../app/tenantAutopayApi';
import { balanceStanding } from '../../app/tenantBalanceApi';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { offersBankDebit } from './bankAccount';
import { Keypad, keypadKeyFor } from './Keypad';
import type { PaymentSetup } from './paymentsApi';
import { showPaymentToast } from './paymentToast';
import { StepHeading } from './StepHeading';

interface AmountStepProps {
  setup: PaymentSetup;
  display: string;
  onKey: (key: KeypadKey) => void;
  onContinue: () => void;
  takeFocus: boolean;
}

const TYPING_TARGETS = 'input, textarea, select, [contenteditable="true"]';

/** The amount's check on Continue: Authorize.Net takes $1 or more (spec section 5); the hosted card form more than zero. */
function amountRefusal(setup: PaymentSetup, amountCents: number): string | null {
  if (setup.cardGateway === 'authorize_net') return isAuthorizeNetPayableAmount(amountCents) ? null : MESSAGES.minimumAuthorizeNetAmount;
  return amountCents === 0 ? MESSAGES.invalidAmount : null;
}

/**
 * 'Autopay will pay ~$1,500.00 on Jan 1' (issue 37), so a tenant does not pay by hand what autopay is
 * about to take. Asked for only where autopay can run: the landlord takes bank debits, or cards
 * through Stripe (decision 0042: no card autopay on Authorize.Net).
 */
function AutopayLine({ setup }: { setup: PaymentSetup }) {
  const autopayCanRun = setup.bankDebit !== null || setup.cardGateway === 'stripe';
  const { data: autopay } = useGetTenantAutopayQuery(undefined, { skip: !autopayCanRun });
  const next = upcomingAutopayPayment(autopay);
  if (!autopay || !next) return null;
  return (
    <p className="pay__autopay" data-testid="autopay-line">
      Autopay will pay <span aria-hidden="true">~</span>
      <span className="visually-hidden">about </span>
      <span className="money">{formatCents(next.estimatedCents)}</span> on{' '}
      <time dateTime={next.debitAt}>{shortDateLabel(next.debitAt, autopay.timeZone)}</time>
    </p>
  );
}

/** Step 1: the amount, typed on the keypad or a physical keyboard (digits, '.', Backspace, Enter). */
export function AmountStep({ setup, display, onKey, onContinue, takeFocus }: AmountStepProps) {
  const amountCents = keypadDisplayToCents(display);
  // Shown beside the rent, never typed in for the tenant: the keypad starts empty (spec section 2).
  const balance = balanceStanding(setup.balanceCents);

  // The keyboard listener is attached once, before the first paint, and reads the latest props from
  // here: re-attaching it after every keystroke left gaps in which quick typing lost digits.
  const latest = useRef({ setup, display, onKey, onContinue });
  useLayoutEffect(() => {
    latest.current = { setup, display, onKey, onContinue };
  });
  useLayoutEffect(() => {
    function continueToCard() {
      const { setup, display, onContinue } = latest.current;
      const refusal = amountRefusal(setup, keypadDisplayToCents(display));
      if (refusal) showPaymentToast(refusal, 'error');
      else onContinue();
    }
    function onKeyDown(event: KeyboardEvent) {
      const { setup, onKey } = latest.current;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING_TARGETS)) return;
      if (event.key === 'Enter') {
        // Enter on a focused button or link keeps its own meaning.
        if (target?.closest('button, a')) return;
        if (!setup.canPay) return;
        event.preventDefault();
        continueToCard();
        return;
      }
      const key = keypadKeyFor(event.key);
      if (!key) return;
      event.preventDefault();
      onKey(key);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section className="pay pay--amount" aria-labelledby="pay-amount-title">
      <header className="pay__top">
        <StepHeading id="pay-amount-title" takeFocus={takeFocus}>Make a Payment</StepHeading>
        <p className="pay__date">{todayLabel()}</p>
      </header>

      <div className="pay__rent">
        <p className="pay__rent-item">
          <span>Total House Rent</span>
          <span className="money">{formatCents(setup.rentCents)}</span>
        </p>
        <p className={`pay__rent-item pay__rent-item--balance pay__rent-item--${balance.tone}`}>
          <span>{balance.tone === 'paid-up' ? 'Balance' : balance.label}</span>
          <span className="money">{balance.tone === 'paid-up' ? 'Paid up' : balance.amount}</span>
        </p>
        <AutopayLine setup={setup} />
      </div>

      <div className="pay__amount">
        <p className="pay__amount-label" id="pay-amount-label">
          Amount to pay
        </p>
        <p
          className={`pay__amount-value${amountCents === 0 ? ' pay__amount-value--empty' : ''}`}
          aria-live="polite"
          aria-atomic="true"
          aria-describedby="pay-amount-label"
          data-testid="entered-amount"
        >
          ${display}
        </p>
        <p className="pay__amount-fee">
          {setup.bankDebit && offersBankDebit(setup)
            ? `+ ${formatCents(setup.processingFeeCents)} card processing fee · ${formatCents(setup.bankDebit.feeCents)} bank fee`
            : `+ ${formatCents(setup.processingFeeCents)} processing fee`}
        </p>
      </div>

      <Keypad onPress={onKey} />

      {setup.canPay ? (
        <Button
          size="lg"
          fullWidth
          onClick={() => {
            const refusal = amountRefusal(setup, amountCents);
            if (refusal) showPaymentToast(refusal, 'error');
            else onContinue();
          }}
        >
          Continue
        </Button>
      ) : (
        <div role="alert">
          <Notice tone="warning" title="Card payments aren’t available yet">
            {setup.cannotPayReason ?? MESSAGES.landlordCannotBePaid}
          </Notice>
        </div>
      )}
    </section>
  );
}
