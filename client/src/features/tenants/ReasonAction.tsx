import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { showToast } from '../../components/toastStore';

interface ReasonForm {
  reason: string;
}

interface ReasonActionProps {
  /** The button on the ledger line ('Void') and its accessible name, which says which line it acts on. */
  label: string;
  accessibleName: string;
  title: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** What the action does to the ledgers, shown above the reason. */
  explanation: string;
  /** Where the reason will be shown. */
  reasonHint: string;
  reasonMaxLength: number;
  /** The endpoint's schema, so the form refuses what the server would. */
  schema: z.ZodMiniType<ReasonForm, ReasonForm>;
  /** Sends the reason; rejects with the API error (RTK Query's `unwrap()`). */
  send: (reason: string) => Promise<unknown>;
  isSending: boolean;
  doneMessage: string;
}

/**
 * A ledger line's action that needs the landlord's reason (Void a recorded payment, Waive a late
 * fee): a button opening a dialog that asks why, then confirms. A refusal the landlord can act on
 * (already voided, too long) shows under the reason; anything else is a toast.
 */
export function ReasonAction({
  label,
  accessibleName,
  title,
  confirmLabel,
  tone,
  explanation,
  reasonHint,
  reasonMaxLength,
  schema,
  send,
  isSending,
  doneMessage,
}: ReasonActionProps) {
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReasonForm>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });

  const submit = async ({ reason }: ReasonForm) => {
    try {
      await send(reason);
    } catch (error) {
      const message = refusalMessage(error);
      if (message) setError('reason', { message });
      else showToast(MESSAGES.unexpectedError, { tone: 'error' });
      return;
    }
    setOpen(false);
    showToast(doneMessage, { tone: 'success' });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset({ reason: '' });
          setOpen(true);
        }}
        aria-label={accessibleName}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        tone={tone}
        isWorking={isSending}
        onConfirm={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
      >
        <p>{explanation}</p>
        <Field label="Reason" hint={reasonHint} error={errors.reason?.message}>
          {(control) => <textarea className="field__input" rows={3} maxLength={reasonMaxLength} {...control} {...register('reason')} />}
        </Field>
      </ConfirmDialog>
    </>
  );
}
