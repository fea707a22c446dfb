import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import {
  lateFeeWaiverSchema,
  WAIVER_REASON_MAX_LENGTH,
  type LateFeeWaiverFormValues,
  type LateFeeWaiverInput,
} from '@rentwise/libs/schemas/rent-terms.schema';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { showToast } from '../../components/toastStore';
import { useWaiveLateFeeMutation } from './lateFeesApi';

interface WaiveLateFeeProps {
  journalId: string;
  amountCents: number;
  propertyId: string;
  tenantId: string;
}

/** A late fee's Waive action on the landlord's ledger: asks for the reason, which both ledgers then show. */
export function WaiveLateFee({ journalId, amountCents, propertyId, tenantId }: WaiveLateFeeProps) {
  const [open, setOpen] = useState(false);
  const [waive, { isLoading }] = useWaiveLateFeeMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<LateFeeWaiverFormValues, unknown, LateFeeWaiverInput>({
    resolver: zodResolver(lateFeeWaiverSchema),
    defaultValues: { reason: '' },
  });

  const submit = async ({ reason }: LateFeeWaiverInput) => {
    try {
      await waive({ journalId, propertyId, tenantId, reason }).unwrap();
    } catch (error) {
      const message = refusalMessage(error);
      if (message) setError('reason', { message });
      else showToast(MESSAGES.unexpectedError, { tone: 'error' });
      return;
    }
    setOpen(false);
    showToast(MESSAGES.lateFeeWaived, { tone: 'success' });
  };

  return (
    <>
      <Button
        variant="secondary"
        className="waive-late-fee"
        onClick={() => {
          reset({ reason: '' });
          setOpen(true);
        }}
        aria-label={`Waive late fee of ${formatCents(amountCents)}`}
      >
        Waive
      </Button>
      <ConfirmDialog
        open={open}
        title={`Waive this ${formatCents(amountCents)} late fee?`}
        confirmLabel="Waive Late Fee"
        tone="primary"
        isWorking={isLoading}
        onConfirm={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
      >
        <p>It comes off the tenant’s balance as a new line. The fee stays in the ledger beside it.</p>
        <Field label="Reason" hint="Shown on your ledger and the tenant’s." error={errors.reason?.message}>
          {(control) => <textarea className="field__input waive-late-fee__reason" rows={3} maxLength={WAIVER_REASON_MAX_LENGTH} {...control} {...register('reason')} />}
        </Field>
      </ConfirmDialog>
    </>
  );
}
