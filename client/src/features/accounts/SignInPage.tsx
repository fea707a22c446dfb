import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@rentwise/libs/messages';
import { signInSchema, type SignInFormValues, type SignInInput } from '@rentwise/libs/schemas/sign-in.schema';
import { paths } from '../../app/paths';
import { signInLandingFor } from '../../app/session';
import { useHydrated } from '../../app/useHydrated';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { useSignInMutation } from './accountsApi';
import { EmailField } from './EmailField';
import { refusalMessage, statusOf } from '../../app/apiError';
import '../../styles/accounts.css';

/** What to say when sign-in fails: the same words for every wrong email or password (decision 0007). */
function signInFailure(error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return MESSAGES.loginFailed;
  if (status === 429) return refusalMessage(error) ?? MESSAGES.tooManyAttempts;
  return refusalMessage(error) ?? MESSAGES.noGatewayResponse;
}

export function SignInPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const againToPay = searchParams.get('again') === 'payment';
  const [signIn] = useSignInMutation();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormValues, unknown, SignInInput>({
    // No defaultValues: the page is prerendered (decision 0050), and what was typed before React took
    // it over is read from the inputs; a default of '' would be written over it.
    resolver: zodResolver(signInSchema),
  });
  const hydrated = useHydrated();

  const submit = handleSubmit(async (credentials) => {
    setFailure(undefined);
    try {
      const { user } = await signIn(credentials).unwrap();
      await navigate(signInLandingFor(user.type), { replace: true });
    } catch (error) {
      setFailure(signInFailure(error));
    }
  });

  return (
    <AccountPage>
      <Card padding="lg" className="account-page__card">
        <PageHeader title="Sign In" description="Landlords and tenants sign in here to collect or pay rent." />
        {againToPay && (
          <Notice tone="info" title="Sign in again to pay">
            <p>For your security, paying needs a sign-in from the last 30 minutes. You’ll go straight back to the payment screen.</p>
          </Notice>
        )}
        <form className="account-form" onSubmit={submit} noValidate>
          <EmailField error={errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormFailure message={failure} />
          <Button type="submit" size="lg" fullWidth isLoading={isSubmitting} disabled={!hydrated}>
            Sign In
          </Button>
        </form>
        <Link className="account-page__inline-link" to={paths.forgotPassword.getHref()}>
          Forgot Password
        </Link>
      </Card>
      <p className="account-page__fine-print">
        New landlord? <Link to={paths.signUp.getHref()}>Sign up free</Link>. Tenants are added by their landlord.
      </p>
    </AccountPage>
  );
}
