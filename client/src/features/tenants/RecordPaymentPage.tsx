import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { Banknote, CircleEllipsis, FileCheck, Stamp, type LucideIcon } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import {
  RECORDED_PAYMENT_METHOD_WORDS,
  RECORDED_PAYMENT_METHODS,
  RECORDED_PAYMENT_REFERENCE_MAX_LENGTH,
  type RecordedPaymentMethod,
} from '@rentwise/libs/recorded-payments';
import { recordedPaymentSchema, type RecordedPaymentFormValues } from '@rentwise/libs/schemas/recorded-payment.schema';
import { tenantLedgerLineDate } from '@rentwise/libs/tenant-balance';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { FormFailure } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toastStore';
import { useRecordPaymentMutation } from './recordedPaymentsApi';
import { type TenancyLedger, useGetTenancyLedgerQuery } from './tenancyLedgerApi';
import './tenants.css';

const METHOD_ICONS: Record<RecordedPaymentMethod, LucideIcon> = { cash: Banknote, check: FileCheck, money_order: Stamp, other: CircleEllipsis };

/** What the reference is called for each method; only a check's is required. */
const REFERENCE_FIELD: Record<RecordedPaymentMethod, { label: string; hint?: string }> = {
  cash: { label: 'Receipt number or note (optional)' },
  check: { label: 'Check number', hint: 'Printed at the top right of the check.' },
  money_order: { label: 'Money order number (optional)' },
  other: { label: 'How they paid (optional)', hint: 'For example: Zelle, or a bank transfer.' },
};

type RecordedPaymentField = 'method' | 'amount' | 'receivedOn' | 'reference';

/** The server's refusals that belong under one field (the same words the schema gives). */
const FIELD_OF: Readonly<Record<string, RecordedPaymentField>> = {
  [MESSAGES.receivedOnInvalid]: 'receivedOn',
  [MESSAGES.receivedOnInFuture]: 'receivedOn',
  [MESSAGES.receivedOnBeforeTenancy]: 'receivedOn',
  [MESSAGES.recordedAmountInvalid]: 'amount',
  [MESSAGES.recordedMethodRequired]: 'method',
  [MESSAGES.checkNumberRequired]: 'reference',
  [MESSAGES.referenceTooLong]: 'reference',
};

function RecordPaymentForm({ ledger }: { ledger: TenancyLedger }) {
  const navigate = useNavigate();
  const [recordPayment] = useRecordPaymentMutation();
  const [failure, setFailure] = useState<string>();
  // The landlord's today: a date received after it is refused, so the picker stops there.
  const today = tenantLedgerLineDate(new Date().toISOString(), ledger.timeZone);
  const lastAttempt = useRef<{ details: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<RecordedPaymentFormValues, unknown, RecordedPaymentFormValues>({
    // raw: the server parses what was typed with this same schema.
    resolver: zodResolver(recordedPaymentSchema, undefined, { raw: true }),
    defaultValues: {
      propertyId: ledger.propertyId,
      tenantUserId: ledger.tenantUserId,
      receivedOn: today,
      amount: '',
      method: 'check',
      reference: '',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  const method = watch('method');
  const reference = REFERENCE_FIELD[method];

  const submit = handleSubmit(async ({ idempotencyKey, ...details }) => {
    setFailure(undefined);
    // Sent again unchanged (an answer lost on the way), it keeps its key and is recorded once; changed, it is another payment.
    const typed = JSON.stringify(details);
    if (lastAttempt.current?.details !== typed) {
      lastAttempt.current = { details: typed, key: lastAttempt.current ? crypto.randomUUID() : idempotencyKey };
    }
    try {
      await recordPayment({ ...details, idempotencyKey: lastAttempt.current.key }).unwrap();
    } catch (error) {
      const message = refusalMessage(error);
      const field = message === undefined ? undefined : FIELD_OF[message];
      if (message && field) setError(field, { message }, { shouldFocus: true });
      else setFailure(message ?? MESSAGES.unexpectedError);
      // Thrown on, so the form does not count as submitted and its button comes back.
      throw error;
    }
    showToast(MESSAGES.paymentRecorded, { tone: 'success' });
    navigate(paths.landlord.tenancyLedger.getHref(ledger.propertyId, ledger.tenantUserId));
  });

  return (
    <form className="record-payment__form" onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <fieldset className="record-payment__methods" aria-describedby={errors.method ? 'record-payment-method-error' : undefined}>
        <legend className="field__label">How they paid</legend>
        {RECORDED_PAYMENT_METHODS.map((value) => {
          const Icon = METHOD_ICONS[value];
          return (
            <label key={value} className="record-payment__method">
              <input type="radio" value={value} {...register('method')} />
              <Icon aria-hidden="true" size={20} />
              <span>{RECORDED_PAYMENT_METHOD_WORDS[value]}</span>
            </label>
          );
        })}
        {errors.method?.message && (
          <p className="field__error" id="record-payment-method-error">
            {errors.method.message}
          </p>
        )}
      </fieldset>

      <div className="record-payment__pair">
        <Field
          label="Amount"
          hint={ledger.balanceCents > 0 ? `Balance due: ${formatCents(ledger.balanceCents)}` : undefined}
          error={errors.amount?.message}
        >
          {(control) => (
            <div className="money-input">
              <span className="money-input__prefix" aria-hidden="true">
                $
              </span>
              <input className="field__input" type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" {...control} {...register('amount')} />
            </div>
          )}
        </Field>
        <TextField label="Date received" type="date" max={today} error={errors.receivedOn?.message} {...register('receivedOn')} />
      </div>

      <TextField
        label={reference.label}
        hint={reference.hint}
        autoComplete="off"
        maxLength={RECORDED_PAYMENT_REFERENCE_MAX_LENGTH}
        error={errors.reference?.message}
        {...register('reference')}
      />

      <Notice title="It counts like a payment made online">
        On the tenant’s balance and your statements, in the month received (from the 11th, the next month). The tenant gets a receipt. It can’t be
        edited: to correct it, void it on the ledger and record it again.
      </Notice>
      <FormFailure message={failure} />
      <Button type="submit" size="lg" fullWidth isLoading={isSubmitting || isSubmitSuccessful}>
        Record Payment
      </Button>
    </form>
  );
}

function FormLoading() {
  return (
    <div className="record-payment__form" aria-busy="true" aria-label="Loading the form">
      {[0, 1, 2].map((row) => (
        <div key={row} className="record-payment__loading-row">
          <Skeleton width="8rem" />
          <Skeleton width="100%" height="2.75rem" />
        </div>
      ))}
    </div>
  );
}

/** /landlord/property/{propertyId}/tenants/{tenantId}/record-payment: rent the tenant paid outside Rentwise (decision 0043). */
export function RecordPaymentPage() {
  const { propertyId = '', tenantId = '' } = useParams();
  const { data: ledger, error, isLoading, refetch, isFetching } = useGetTenancyLedgerQuery({ propertyId, tenantId });

  return (
    <div className="container container--narrow record-payment">
      <PageHeader
        back={{ to: paths.landlord.tenancyLedger.getHref(propertyId, tenantId), label: 'Ledger' }}
        eyebrow={ledger?.propertyAddress}
        title="Record a Payment"
        description={ledger && `Cash, a check or a money order ${ledger.tenantName} gave you, outside Rentwise.`}
      />
      {isLoading && (
        <Card padding="lg">
          <FormLoading />
        </Card>
      )}
      {!ledger &&
        error &&
        (isNotFound(error) ? (
          <Notice tone="warning" title="This tenant isn’t one of yours">
            The tenant may never have lived at this property. Choose a tenant from the property’s tenants.
          </Notice>
        ) : (
          <LoadFailed what="The tenant’s ledger" retry={() => void refetch()} retrying={isFetching} />
        ))}
      {ledger && (
        <Card padding="lg">
          <RecordPaymentForm ledger={ledger} />
        </Card>
      )}
    </div>
  );
}
