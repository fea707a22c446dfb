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
import { FormFailure } from '../../components/FormFailure';
import { PageHeader } from '../../components/PageHeader';
import { useSendPasswordResetMutation } from './accountsApi';
import { EmailField } from './EmailField';
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
          <EmailField error={errors.email?.message} {...register('email')} />
          <FormFailure message={failure} />
          <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
            Send Reset Link
          </Button>
        </form>
      </Card>
    </AccountPage>
  );
}
