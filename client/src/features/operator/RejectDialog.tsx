import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  REJECTION_REASON_MAX_LENGTH,
  rejectRegistrationSchema,
  type RejectRegistrationFormValues,
  type RejectRegistrationInput,
} from '@rentwise/libs/schemas/registration-review.schema';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';

interface RejectDialogProps {
  /** The landlord's full name, or null when the dialog is closed. */
  landlordName: string | null;
  isWorking: boolean;
  onReject: (input: RejectRegistrationInput) => void;
  onCancel: () => void;
}

/** Asks for the reason (emailed to the landlord) before turning a registration down. */
export function RejectDialog({ landlordName, isWorking, onReject, onCancel }: RejectDialogProps) {
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
      <Field label="Reason" hint="Shown to the landlord. Be clear and kind." error={error}>
        {(control) => (
          <textarea
            className="field__input review-reason"
            rows={4}
            maxLength={REJECTION_REASON_MAX_LENGTH}
            {...control}
            {...register('reason')}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
