import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { VOID_REASON_MAX_LENGTH } from '@rentwise/libs/recorded-payments';
import {
  recordedPaymentVoidSchema,
  type RecordedPaymentVoidFormValues,
  type RecordedPaymentVoidInput,
} from '@rentwise/libs/schemas/recorded-payment.schema';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { showToast } from '../../components/toastStore';
import { useVoidRecordedPaymentMutation } from './recordedPaymentsApi';

interface VoidRecordedPaymentProps {
  receiptId: string;
  /** What the payment paid, as a positive amount. */
  amountCents: number;
  propertyId: string;
  tenantId: string;
}

/**
 * A recorded payment's Void action on the landlord's ledger (decision 0043): asks for the reason,
 * which both ledgers and the receipt then show. The payment stays; the void is a new line.
 */
export function VoidRecordedPayment({ receiptId, amountCents, propertyId, tenantId }: VoidRecordedPaymentProps) {
  const [open, setOpen] = useState(false);
  const [voidPayment, { isLoading }] = useVoidRecordedPaymentMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RecordedPaymentVoidFormValues, unknown, RecordedPaymentVoidInput>({
    resolver: zodResolver(recordedPaymentVoidSchema),
    defaultValues: { reason: '' },
  });

  const submit = async ({ reason }: RecordedPaymentVoidInput) => {
    try {
      await voidPayment({ receiptId, propertyId, tenantId, reason }).unwrap();
    } catch (error) {
      const message = refusalMessage(error);
      if (message) setError('reason', { message });
      else showToast(MESSAGES.unexpectedError, { tone: 'error' });
      return;
    }
    setOpen(false);
    showToast(MESSAGES.recordedPaymentVoided, { tone: 'success' });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset({ reason: '' });
          setOpen(true);
        }}
        aria-label={`Void payment of ${formatCents(amountCents)}`}
      >
        Void
      </Button>
      <ConfirmDialog
        open={open}
        title={`Void this ${formatCents(amountCents)} payment?`}
        confirmLabel="Void Payment"
        isWorking={isLoading}
        onConfirm={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
      >
        <p>It goes back on the tenant’s balance as a new line. The payment stays in the ledger beside it, marked voided, and its receipt says why.</p>
        <Field label="Reason" hint="Shown on your ledger, the tenant’s ledger and the receipt." error={errors.reason?.message}>
          {(control) => <textarea className="field__input" rows={3} maxLength={VOID_REASON_MAX_LENGTH} {...control} {...register('reason')} />}
        </Field>
      </ConfirmDialog>
    </>
  );
}
