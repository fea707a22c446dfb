import { useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Landmark } from 'lucide-react';
import {
  AUTOPAY_MANDATE_VERSION,
  autopayMandateText,
  DEFAULT_AUTOPAY_DAYS_BEFORE_DUE,
  MAX_AUTOPAY_DAYS_BEFORE_DUE,
  ordinal,
  type AutopayAmount,
} from '@rentwise/libs/autopay';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents, parseDollarsToCents } from '@rentwise/libs/money';
import { autopaySettingsSchema, type AutopaySettingsInput } from '@rentwise/libs/schemas/autopay.schema';
import { refusalMessage } from '../../app/apiError';
import type { AutopayView } from '../../app/tenantAutopayApi';
import { bankAccountLabel } from '../../components/bankAccount';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormFailure } from '../../components/FormFailure';
import { showToast } from '../../components/toastStore';
import { useSetAutopayMutation } from './autopayApi';
import { useLinkBankAccount } from './useLinkBankAccount';

/** What the tenant picks; the amount is dollars as typed, turned into cents for the server. */
interface AutopayFormValues {
  savedBankAccountId: string;
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

/** The form starts from the saved settings (kept while autopay is off), or the defaults. */
function formValuesOf(view: AutopayView): AutopayFormValues {
  const settings = view.settings;
  const account = view.savedBankAccounts.find((saved) => saved.id === settings?.savedBankAccountId) ?? view.savedBankAccounts[0];
  return {
    savedBankAccountId: account?.id ?? '',
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
    savedBankAccountId: values.savedBankAccountId,
    daysBeforeDue: Number(values.daysBeforeDue),
    // NaN cents: the schema refuses it with the amount's own message.
    amount: amountOf(values) ?? { kind: 'fixed', cents: Number.NaN },
    mandate: { accepted: values.authorized, version: AUTOPAY_MANDATE_VERSION },
  };
}

const FIELD_OF: Record<string, keyof AutopayFormValues> = {
  savedBankAccountId: 'savedBankAccountId',
  daysBeforeDue: 'daysBeforeDue',
  amount: 'fixedAmount',
  mandate: 'authorized',
};

const settingsResolver: Resolver<AutopayFormValues, unknown, AutopaySettingsInput> = (values) => {
  const parsed = autopaySettingsSchema.safeParse(settingsOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AutopayFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? 'authorized';
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * Turning autopay on, or changing it: the account (or another linked and saved here, then chosen), the
 * day, the amount, the fee, then the recurring authorization in full, worded by the same libs function
 * the server stores it with, for the terms chosen. A change of terms asks for the authorization again.
 */
export function AutopayForm({ view, bankLink }: { view: AutopayView; bankLink: NonNullable<AutopayView['bankLink']> }) {
  const [setAutopay] = useSetAutopayMutation();
  const [failure, setFailure] = useState<string>();
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
  const link = useLinkBankAccount(bankLink, view.mandateTerms.tenantName, (saved) => setValue('savedBankAccountId', saved.id));

  const values = watch();
  const account = view.savedBankAccounts.find((saved) => saved.id === values.savedBankAccountId);
  const amount = amountOf(values);
  const mandate =
    account && amount && (amount.kind === 'balance' || amount.cents > 0)
      ? autopayMandateText({
          tenantName: view.mandateTerms.tenantName,
          landlordName: view.mandateTerms.landlordName,
          propertyAddress: view.mandateTerms.propertyAddress,
          bankName: account.bankName,
          last4: account.last4,
          amount,
          daysBeforeDue: Number(values.daysBeforeDue),
          dueDay: view.dueDay,
        })
      : null;
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

  return (
    <>
      <form className="autopay-form" onSubmit={submit} noValidate aria-labelledby="autopay-form-title">
        <h2 id="autopay-form-title" className="autopay-section__title">
          {view.isOn ? 'Change autopay' : 'Turn on autopay'}
        </h2>

        <fieldset className="autopay-form__group">
          <legend className="field__label">Pay from</legend>
          {view.savedBankAccounts.map((saved) => (
            <label key={saved.id} className="autopay-choice">
              <input type="radio" value={saved.id} {...register('savedBankAccountId')} />
              <Landmark aria-hidden="true" size={18} className="autopay-choice__icon" />
              <span className="autopay-choice__text">{bankAccountLabel(saved)}</span>
            </label>
          ))}
          {errors.savedBankAccountId?.message && <p className="field__error">{errors.savedBankAccountId.message}</p>}
          {link.notice}
          <Button variant="secondary" className="autopay-form__link" isLoading={link.isWorking} onClick={link.start}>
            <Landmark aria-hidden="true" size={18} />
            Link another account
          </Button>
        </fieldset>

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
                <div className="autopay-money">
                  <span className="autopay-money__prefix" aria-hidden="true">
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
          <dd className="tabular">{view.bankFeeCents === 0 ? 'No fee' : `${formatCents(view.bankFeeCents)} bank fee on each payment`}</dd>
        </dl>

        <div className="autopay-mandate">
          <h3 className="autopay-mandate__title">Recurring debit authorization</h3>
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
            <span>I authorize these debits</span>
          </label>
          {errors.authorized?.message && <p className="field__error">{errors.authorized.message}</p>}
        </div>

        <FormFailure message={failure} />
        <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
          {view.isOn ? 'Save changes' : 'Turn on autopay'}
        </Button>
      </form>
      {/* Outside the form: the sandbox's stand-in has forms of its own. */}
      {link.dialog}
    </>
  );
}
