import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents, parseDollarsToCents } from '@rentwise/libs/money';
import { REFUND_REASON_MAX_LENGTH, refundAmountProblem, refundCost, refundCostText } from '@rentwise/libs/refunds';
import { refundFormSchema, type RefundFormOutput, type RefundFormValues } from '@rentwise/libs/schemas/refund.schema';
import { refusalMessage, statusOf } from '../../app/apiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FormFailure } from '../../components/FormFailure';
import { Notice } from '../../components/Notice';
import { showToast } from '../../components/toastStore';
import { type RefundOption, useRefundPaymentMutation } from './paymentsApi';

/** '1506.99': what is left, as the amount field starts. */
const typedDollars = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The landlord's Refund action on a receipt (decision 0044): how much (all that is left unless they
 * change it) and why, with what the refund costs them shown before they confirm: the whole amount
 * leaves their balance and neither fee comes back. The tenant is emailed the reason.
 */
export function RefundPayment({ receiptId, option }: { receiptId: string; option: RefundOption }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [refundPayment, { isLoading }] = useRefundPaymentMutation();
  // Sent again unchanged (an answer lost on the way), a refund keeps its key and is made once; changed, it is another refund.
  const lastAttempt = useRef<{ details: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<RefundFormValues, unknown, RefundFormOutput>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { amount: typedDollars(option.leftCents), reason: '' },
  });

  const typedCents = parseDollarsToCents(watch('amount') ?? '');
  const amountCents = typedCents !== null && refundAmountProblem(typedCents, option) === null ? typedCents : null;

  const submit = async ({ amount, reason }: RefundFormOutput) => {
    setFailure(undefined);
    const problem = refundAmountProblem(amount, option);
    if (problem) {
      setError('amount', { message: problem }, { shouldFocus: true });
      return;
    }
    const details = JSON.stringify({ amount, reason });
    if (lastAttempt.current?.details !== details) lastAttempt.current = { details, key: crypto.randomUUID() };
    try {
      await refundPayment({ receiptId, amountCents: amount, reason, idempotencyKey: lastAttempt.current.key }).unwrap();
    } catch (error) {
      const message = refusalMessage(error);
      // 400 is the amount: more than is left (refunded meanwhile); anything else is the form's.
      if (message && statusOf(error) === 400) setError('amount', { message }, { shouldFocus: true });
      else setFailure(message ?? MESSAGES.noGatewayResponse);
      return;
    }
    lastAttempt.current = null;
    setOpen(false);
    showToast(MESSAGES.refundSent, { tone: 'success' });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset({ amount: typedDollars(option.leftCents), reason: '' });
          setFailure(undefined);
          setOpen(true);
        }}
      >
        Refund
      </Button>
      <ConfirmDialog
        open={open}
        title="Refund this payment?"
        confirmLabel={amountCents === null ? 'Refund' : `Refund ${formatCents(amountCents)}`}
        isWorking={isLoading}
        onConfirm={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
      >
        <div className="refund-form">
          <p>The money goes back to the card or bank account the tenant paid with, and we email them your reason.</p>
          <Field label="Amount to refund" hint={`Up to ${formatCents(option.leftCents)}`} error={errors.amount?.message}>
            {(control) => (
              <div className="money-input">
                <span className="money-input__prefix" aria-hidden="true">
                  $
                </span>
                <input className="field__input" type="text" inputMode="decimal" autoComplete="off" {...control} {...register('amount')} />
              </div>
            )}
          </Field>
          <Field label="Reason" hint="The tenant sees it in their email and on the receipt." error={errors.reason?.message}>
            {(control) => <textarea className="field__input" rows={2} maxLength={REFUND_REASON_MAX_LENGTH} {...control} {...register('reason')} />}
          </Field>
          {amountCents !== null && (
            <Notice tone="warning" title="What this refund costs you">
              <p>{refundCostText(refundCost(amountCents, option))}</p>
            </Notice>
          )}
          <FormFailure message={failure} />
        </div>
      </ConfirmDialog>
    </>
  );
}
