import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  type NewPasswordFormValues,
  type NewPasswordInput,
} from '@rentwise/libs/schemas/password.schema';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';

interface NewPasswordFormProps {
  /** The account the password is for, shown so that nobody sets a password for the wrong one. */
  email: string;
  submitLabel: string;
  /** Resolves when saved; rejects with the message to show (and optional help under it). */
  onSave: (values: NewPasswordInput) => Promise<void>;
}

export class PasswordSaveRefused extends Error {
  constructor(
    message: string,
    readonly help?: ReactNode,
  ) {
    super(message);
  }
}

/** Password and confirmation, checked with the same rules as the server (libs password schema). */
export function NewPasswordForm({ email, submitLabel, onSave }: NewPasswordFormProps) {
  const [failure, setFailure] = useState<PasswordSaveRefused>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues, unknown, NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(error instanceof PasswordSaveRefused ? error : new PasswordSaveRefused(String(error)));
    }
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {/* Lets password managers save the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common words and number runs.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {failure && (
        <div role="alert">
          <Notice tone="danger" title={failure.message}>
            {failure.help}
          </Notice>
        </div>
      )}
      <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
