import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import {
  REJECTION_REASON_MAX_LENGTH,
  rejectRegistrationSchema,
  type RejectRegistrationFormValues,
  type RejectRegistrationInput,
} from '@rentwise/libs/schemas/registration-review.schema';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface RejectDialogProps {
  /** The landlord's full name, or null when the dialog is closed. */
  landlordName: string | null;
  isWorking: boolean;
  onReject: (input: RejectRegistrationInput) => void;
  onCancel: () => void;
}

/** Asks for the reason (emailed to the landlord) before turning a registration down. */
export function RejectDialog({ landlordName, isWorking, onReject, onCancel }: RejectDialogProps) {
  const reasonId = useId();
  const errorId = `${reasonId}-error`;
  const hintId = `${reasonId}-hint`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RejectRegistrationFormValues, unknown, RejectRegistrationInput>({
    resolver: zodResolver(rejectRegistrationSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (landlordName) reset({ reason: '' });
  }, [landlordName, reset]);

  const error = errors.reason?.message;
  return (
    <ConfirmDialog
      open={landlordName !== null}
      title={`Reject ${landlordName ?? ''}?`}
      confirmLabel="Reject Registration"
      isWorking={isWorking}
      onConfirm={() => void handleSubmit(onReject)()}
      onCancel={onCancel}
    >
      <p>We’ll email them that their registration was not approved, with your reason. They can’t sign in.</p>
      <div className={['field', error && 'field--invalid'].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={reasonId}>
          Reason
        </label>
        <p className="field__hint" id={hintId}>
          Shown to the landlord. Be clear and kind.
        </p>
        <textarea
          id={reasonId}
          className="field__input review-reason"
          rows={4}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
          {...register('reason')}
        />
        {error && (
          <p className="field__error" id={errorId}>
            <CircleAlert aria-hidden="true" size={16} />
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
