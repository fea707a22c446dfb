import { useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { CreditCard, Landmark, Lock } from 'lucide-react';
import {
  AUTOPAY_MANDATE_VERSION,
  autopayCardAuthorizationText,
  autopayMandateText,
  DEFAULT_AUTOPAY_DAYS_BEFORE_DUE,
  MAX_AUTOPAY_DAYS_BEFORE_DUE,
  ordinal,
  type AutopayAmount,
} from '@rentwise/libs/autopay';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents, parseDollarsToCents } from '@rentwise/libs/money';
import { autopaySettingsSchema, type AutopaySettingsInput } from '@rentwise/libs/schemas/autopay.schema';
import { refusalMessage } from '../../app/apiError';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { bankAccountLabel } from '../../components/bankAccount';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FormFailure } from '../../components/FormFailure';
import { PaymentMethodSwitch, type PaymentMethodKind } from '../../components/PaymentMethodSwitch';
import { showToast } from '../../components/toastStore';
import { type SavedBankAccount, type SavedCard, useRemoveCardMutation, useSetAutopayMutation } from './autopayApi';
import { autopayMethodKinds, cardExpiryLabel } from './autopayMethod';
import { useAddCard } from './useAddCard';
import { useLinkBankAccount } from './useLinkBankAccount';

/** What the tenant picks; the amount is dollars as typed, turned into cents for the server. */
interface AutopayFormValues {
  methodKind: PaymentMethodKind;
  savedBankAccountId: string;
  savedCardId: string;
  daysBeforeDue: string;
  amountKind: AutopayAmount['kind'];
  fixedAmount: string;
  authorized: boolean;
}

const DAYS = Array.from({ length: MAX_AUTOPAY_DAYS_BEFORE_DUE + 1 }, (_, days) => days);

export function dayChoiceLabel(daysBeforeDue: number, dueDay: number): string {
  if (daysBeforeDue === 0) return `On the due day (the ${ordinal(dueDay)})`;
  return `${daysBeforeDue} day${daysBeforeDue === 1 ? '' : 's'} before`;
}

/**
 * The form starts from the saved settings (kept while autopay is off), or the defaults: what autopay
 * pays from while the landlord still takes it, else the first way they take.
 */
function formValuesOf(view: AutopayView): AutopayFormValues {
  const settings = view.settings;
  const method = view.method;
  const kinds = autopayMethodKinds(view);
  const methodKind = method?.kind === 'card' ? 'card' : 'bank';
  const account = view.savedBankAccounts.find((saved) => method?.kind === 'bank_account' && saved.id === method.savedBankAccountId) ?? view.savedBankAccounts[0];
  const card = view.savedCards.find((saved) => method?.kind === 'card' && saved.id === method.savedCardId) ?? view.savedCards[0];
  return {
    methodKind: method && kinds.includes(methodKind) ? methodKind : kinds[0],
    savedBankAccountId: account?.id ?? '',
    savedCardId: card?.id ?? '',
    daysBeforeDue: String(settings?.daysBeforeDue ?? DEFAULT_AUTOPAY_DAYS_BEFORE_DUE),
    amountKind: settings?.amount.kind ?? 'balance',
    fixedAmount: settings?.amount.kind === 'fixed' && settings.amount.cents !== undefined ? (settings.amount.cents / 100).toFixed(2) : '',
    authorized: false,
  };
}

/** The amount as the server takes it, or null while the fixed amount typed is not an amount. */
function amountOf(values: AutopayFormValues): AutopayAmount | null {
  if (values.amountKind === 'balance') return { kind: 'balance' };
  const cents = parseDollarsToCents(values.fixedAmount);
  return cents === null ? null : { kind: 'fixed', cents };
}

/** PUT /tenant/autopay's body, checked here by the server's own schema (libs), so the messages are the same. */
function settingsOf(values: AutopayFormValues) {
  return {
    method:
      values.methodKind === 'card'
        ? { kind: 'card' as const, savedCardId: values.savedCardId }
        : { kind: 'bank_account' as const, savedBankAccountId: values.savedBankAccountId },
    daysBeforeDue: Number(values.daysBeforeDue),
    // NaN cents: the schema refuses it with the amount's own message.
    amount: amountOf(values) ?? { kind: 'fixed', cents: Number.NaN },
    mandate: { accepted: values.authorized, version: AUTOPAY_MANDATE_VERSION },
  };
}

const FIELD_OF: Record<string, keyof AutopayFormValues> = {
  daysBeforeDue: 'daysBeforeDue',
  amount: 'fixedAmount',
  mandate: 'authorized',
};

const settingsResolver: Resolver<AutopayFormValues, unknown, AutopaySettingsInput> = (values) => {
  const parsed = autopaySettingsSchema.safeParse(settingsOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AutopayFormValues> = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0]);
    const field = path === 'method' ? (values.methodKind === 'card' ? 'savedCardId' : 'savedBankAccountId') : (FIELD_OF[path] ?? 'authorized');
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

interface ChoiceProps {
  view: AutopayView;
  register: UseFormRegister<AutopayFormValues>;
  error: string | undefined;
}

/**
 * The saved bank accounts to pay from, and Link another account; with none saved, linking one is the
 * one thing to do (it is saved at once, and chosen).
 */
function BankAccountChoice({ view, bankLink, register, error, onSaved }: ChoiceProps & { bankLink: NonNullable<AutopayView['bankLink']>; onSaved: (account: SavedBankAccount) => void }) {
  const link = useLinkBankAccount(bankLink, view.mandateTerms.tenantName, onSaved);
  if (view.savedBankAccounts.length === 0) {
    return (
      <div className="autopay-empty">
        <p className="muted">Autopay pays from a bank account you save. Link yours now; it is saved for autopay and for paying by hand.</p>
        {link.notice}
        <Button size="lg" fullWidth isLoading={link.isWorking} onClick={link.start}>
          <Landmark aria-hidden="true" size={18} />
          Link a bank account
        </Button>
        <p className="autopay-secure muted">
          <Lock aria-hidden="true" size={16} />
          Your account and routing numbers go straight to our payment processor. Rentwise never sees or stores them.
        </p>
        {link.dialog}
      </div>
    );
  }
  return (
    <>
      {view.savedBankAccounts.map((saved) => (
        <label key={saved.id} className="autopay-choice">
          <input type="radio" value={saved.id} {...register('savedBankAccountId')} />
          <Landmark aria-hidden="true" size={18} className="autopay-choice__icon" />
          <span className="autopay-choice__text">{bankAccountLabel(saved)}</span>
        </label>
      ))}
      {error && <p className="field__error">{error}</p>}
      {link.notice}
      <Button variant="secondary" className="autopay-form__link" isLoading={link.isWorking} onClick={link.start}>
        <Landmark aria-hidden="true" size={18} />
        Link another account
      </Button>
      {link.dialog}
    </>
  );
}

/**
 * The saved cards to pay from, each with Remove (asked first; refused while autopay pays with it), and
 * Add a card, whose form opens here; with none saved, adding one is the one thing to do.
 */
function CardChoice({ view, register, error, onSaved, onRemoved }: ChoiceProps & { onSaved: (card: SavedCard) => void; onRemoved: (card: SavedCard) => void }) {
  const add = useAddCard(onSaved);
  const [removeCard, { isLoading: isRemoving }] = useRemoveCardMutation();
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fee = formatCents(view.cardFeeCents);

  async function remove(card: SavedCard) {
    setRefusal(null);
    try {
      await removeCard(card.id).unwrap();
      showToast(`${paymentMethodLabel(card.brand, card.last4)} is removed.`, { tone: 'success' });
      onRemoved(card);
    } catch (failure) {
      setRefusal(refusalMessage(failure) ?? MESSAGES.unexpectedError);
    }
    setRemoving(null);
  }

  const adding = add.panel ?? (
    <>
      {add.refusal}
      <Button
        variant={view.savedCards.length === 0 ? 'primary' : 'secondary'}
        size={view.savedCards.length === 0 ? 'lg' : 'md'}
        fullWidth={view.savedCards.length === 0}
        className="autopay-form__link"
        isLoading={add.isStarting}
        onClick={add.start}
      >
        <CreditCard aria-hidden="true" size={18} />
        Add a card
      </Button>
    </>
  );

  if (view.savedCards.length === 0) {
    return (
      <div className="autopay-empty">
        {!add.isOpen && (
          <p className="muted">
            Autopay can charge a card you save with our card processor. Each payment by card adds the <span className="tabular">{fee}</span> processing fee.
          </p>
        )}
        {adding}
      </div>
    );
  }
  return (
    <>
      {view.savedCards.map((saved) => {
        const label = paymentMethodLabel(saved.brand, saved.last4);
        return (
          <div key={saved.id} className="autopay-saved">
            <label className="autopay-choice">
              <input type="radio" value={saved.id} {...register('savedCardId')} />
              <CreditCard aria-hidden="true" size={18} className="autopay-choice__icon" />
              <span className="autopay-choice__text">
                {label}
                <small>{cardExpiryLabel(saved)}</small>
              </span>
            </label>
            <Button variant="ghost" className="autopay-saved__remove" aria-label={`Remove ${label}`} onClick={() => setRemoving(saved)}>
              Remove
            </Button>
          </div>
        );
      })}
      {error && <p className="field__error">{error}</p>}
      <FormFailure message={refusal ?? undefined} />
      {adding}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${paymentMethodLabel(removing.brand, removing.last4)}?` : 'Remove card?'}
        confirmLabel="Remove card"
        cancelLabel="Keep card"
        isWorking={isRemoving}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>It is no longer offered for autopay. Payments already made with it stay as they are.</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * Turning autopay on, or changing it: what it pays from (a bank account or a card, each linked or
 * added here, saved, then chosen), the day, the amount, the fee, then the standing authorization in
 * full, worded by the same libs function the server stores it with, for the terms chosen. A change of
 * terms asks for the authorization again. What it pays from sits above the form itself: adding a card
 * opens the card form there, and forms do not nest.
 */
export function AutopayForm({ view }: { view: AutopayView }) {
  const [setAutopay] = useSetAutopayMutation();
  const [failure, setFailure] = useState<string>();
  const titleId = useId();
  const mandateId = useId();
  const amountHintId = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AutopayFormValues, unknown, AutopaySettingsInput>({ resolver: settingsResolver, defaultValues: formValuesOf(view) });

  const kinds = autopayMethodKinds(view);
  const values = watch();
  const byCard = values.methodKind === 'card';
  const account = byCard ? undefined : view.savedBankAccounts.find((saved) => saved.id === values.savedBankAccountId);
  const card = byCard ? view.savedCards.find((saved) => saved.id === values.savedCardId) : undefined;
  const amount = amountOf(values);
  const terms = {
    tenantName: view.mandateTerms.tenantName,
    landlordName: view.mandateTerms.landlordName,
    propertyAddress: view.mandateTerms.propertyAddress,
    amount: amount ?? { kind: 'balance' as const },
    daysBeforeDue: Number(values.daysBeforeDue),
    dueDay: view.dueDay,
  };
  const amountComplete = amount !== null && (amount.kind === 'balance' || amount.cents > 0);
  let mandate: string | null = null;
  if (amountComplete && account) mandate = autopayMandateText({ ...terms, bankName: account.bankName, last4: account.last4 });
  if (amountComplete && card) {
    mandate = autopayCardAuthorizationText({ ...terms, brand: card.brand, last4: card.last4, processingFeeCents: view.cardFeeCents });
  }
  // The tenant authorizes the words on the screen: new terms, new yes.
  useEffect(() => {
    if (getValues('authorized')) setValue('authorized', false);
  }, [mandate, getValues, setValue]);

  const submit = handleSubmit(async (settings) => {
    setFailure(undefined);
    try {
      const answer = await setAutopay(settings).unwrap();
      showToast(answer.message || MESSAGES.autopayOn, { tone: 'success' });
      reset(formValuesOf(answer.autopay));
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  });

  const feeCents = byCard ? view.cardFeeCents : view.bankFeeCents;
  let fees = `${formatCents(feeCents)} ${byCard ? 'processing' : 'bank'} fee on each payment`;
  if (feeCents === 0) fees = 'No fee';

  return (
    <div className="autopay-settings">
      <h2 id={titleId} className="autopay-section__title">
        {view.isOn ? 'Change autopay' : 'Turn on autopay'}
      </h2>

      <fieldset className="autopay-form__group">
        <legend className="field__label">Pay from</legend>
        {kinds.length > 1 && (
          <PaymentMethodSwitch
            label="Bank account or card"
            order={['bank', 'card']}
            current={values.methodKind}
            cardFeeCents={view.cardFeeCents}
            bankFeeCents={view.bankFeeCents}
            onSwitch={(kind) => setValue('methodKind', kind)}
          />
        )}
        {byCard ? (
          <CardChoice
            view={view}
            register={register}
            error={errors.savedCardId?.message}
            onSaved={(saved) => setValue('savedCardId', saved.id)}
            onRemoved={(removed) => {
              if (getValues('savedCardId') === removed.id) setValue('savedCardId', view.savedCards.find((saved) => saved.id !== removed.id)?.id ?? '');
            }}
          />
        ) : (
          view.bankLink && (
            <BankAccountChoice
              view={view}
              bankLink={view.bankLink}
              register={register}
              error={errors.savedBankAccountId?.message}
              onSaved={(saved) => setValue('savedBankAccountId', saved.id)}
            />
          )
        )}
      </fieldset>

      {/* The rest waits for something to pay from. */}
      {(account || card) && (
        <form className="autopay-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
          <Field label="Payment day" hint={`Rent is due on the ${ordinal(view.dueDay)} of each month.`} error={errors.daysBeforeDue?.message}>
            {(control) => (
              <select className="field__input autopay-form__select" {...control} {...register('daysBeforeDue')}>
                {DAYS.map((days) => (
                  <option key={days} value={String(days)}>
                    {dayChoiceLabel(days, view.dueDay)}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <fieldset className="autopay-form__group">
            <legend className="field__label">Amount</legend>
            <label className="autopay-choice">
              <input type="radio" value="balance" {...register('amountKind')} />
              <span className="autopay-choice__text">
                <strong>The balance due on that day</strong>
                <small>Your rent and anything else owed, less any credit.</small>
              </span>
            </label>
            <label className="autopay-choice">
              <input type="radio" value="fixed" aria-describedby={amountHintId} {...register('amountKind')} />
              <span className="autopay-choice__text">
                <strong>A fixed amount</strong>
                <small id={amountHintId}>Never more than the balance due.</small>
              </span>
            </label>
            {values.amountKind === 'fixed' && (
              <Field label="Fixed amount" error={errors.fixedAmount?.message} className="autopay-form__fixed">
                {(control) => (
                  <div className="money-input">
                    <span className="money-input__prefix" aria-hidden="true">
                      $
                    </span>
                    <input className="field__input" type="text" inputMode="decimal" autoComplete="off" {...control} {...register('fixedAmount')} />
                  </div>
                )}
              </Field>
            )}
          </fieldset>

          <dl className="autopay-fees">
            <dt>Fees</dt>
            <dd className="tabular">{fees}</dd>
          </dl>

          <div className="autopay-mandate">
            <h3 className="autopay-mandate__title">{byCard ? 'Recurring card payment authorization' : 'Recurring debit authorization'}</h3>
            {mandate ? (
              <p id={mandateId} className="autopay-mandate__text" data-testid="autopay-mandate">
                {mandate}
              </p>
            ) : (
              <p id={mandateId} className="autopay-mandate__text muted">
                Enter the fixed amount to read the authorization.
              </p>
            )}
            <label className="autopay-check">
              <input type="checkbox" aria-describedby={mandateId} aria-invalid={errors.authorized ? true : undefined} disabled={!mandate} {...register('authorized')} />
              <span>{byCard ? 'I authorize these card payments' : 'I authorize these debits'}</span>
            </label>
            {errors.authorized?.message && <p className="field__error">{errors.authorized.message}</p>}
          </div>

          <FormFailure message={failure} />
          <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
            {view.isOn ? 'Save changes' : 'Turn on autopay'}
          </Button>
        </form>
      )}
    </div>
  );
}
