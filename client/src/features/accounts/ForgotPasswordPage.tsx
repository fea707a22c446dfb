import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@rentwise/libs/messages';
import {
  forgotPasswordSchema,
  type ForgotPasswordFormValues,
  type ForgotPasswordInput,
} from '@rentwise/libs/schemas/forgot-password.schema';
import { paths } from '../../app/paths';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { useSendPasswordResetMutation } from './accountsApi';
import { refusalMessage } from '../../app/apiError';
import '../../styles/accounts.css';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sendPasswordReset] = useSendPasswordResetMutation();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      await sendPasswordReset({ email }).unwrap();
      await navigate(paths.passwordResetSuccess.getHref());
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.noGatewayResponse);
    }
  });

  return (
    <AccountPage>
      <Card padding="lg" className="account-page__card">
        <PageHeader
          back={{ to: paths.signIn.getHref(), label: 'Back to Sign In' }}
          title="Forgot Password"
          description="Enter the email you sign in with. We’ll email you a link to choose a new password."
        />
        <form className="account-form" onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          {failure && (
            <div role="alert">
              <Notice tone="danger" title={failure} />
            </div>
          )}
          <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
            Send Reset Link
          </Button>
        </form>
      </Card>
    </AccountPage>
  );
}
