import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatPhoneInput } from '@rentwise/libs/phone';
import { signUpSchema, type SignUpFormValues, type SignUpInput } from '@rentwise/libs/schemas/sign-up.schema';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { refusalMessage, statusOf } from '../../app/apiError';
import { useRegisterLandlordMutation } from './onboardingApi';
import './onboarding.css';

const EMPTY_FORM: SignUpFormValues = { firstName: '', lastName: '', email: '', confirmEmail: '', phone: '' };

/** /sign-up: a landlord applies; an operator reviews the registration within 24 hrs. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [registerLandlord] = useRegisterLandlordMutation();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignUpFormValues, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY_FORM,
  });
  const phoneField = register('phone');

  const submit = handleSubmit(async (application) => {
    setFailure(undefined);
    try {
      await registerLandlord(application).unwrap();
    } catch (error) {
      const message = refusalMessage(error);
      if (statusOf(error) === 409 && message) {
        setError('email', { message }, { shouldFocus: true });
      } else {
        setFailure(message ?? MESSAGES.registrationFailed);
      }
      // Keeps react-hook-form from counting the submission as successful.
      throw error;
    }
    await navigate(paths.onboarding.registered.getHref());
  });

  return (
    <div className="account-page">
      <div className="account-page__panel">
        <Card padding="lg" className="account-page__card">
          <PageHeader
            eyebrow="For landlords"
            title="Landlord Sign Up"
            description="Collect rent online for free. We review your registration and email you a setup link within 24 hrs."
          />
          <form
            className="sign-up-form"
            noValidate
            aria-label="Landlord sign-up"
            onSubmit={(event) => void submit(event).catch(() => undefined)}
          >
            {failure && (
              <div role="alert">
                <Notice tone="danger" title={failure} />
              </div>
            )}
            <div className="sign-up-form__names">
              <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
              <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
            </div>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Confirm email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.confirmEmail?.message}
              {...register('confirmEmail')}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 555-5555"
              maxLength={14}
              error={errors.phone?.message}
              {...phoneField}
              onChange={(event) => {
                event.target.value = formatPhoneInput(event.target.value);
                void phoneField.onChange(event);
              }}
            />
            <p className="account-page__fine-print">
              By clicking Continue, you agree to our <Link to={paths.termsOfUse.getHref()}>Terms</Link> and{' '}
              <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
            </p>
            <Button type="submit" size="lg" fullWidth isLoading={isSubmitting || isSubmitSuccessful}>
              Continue
            </Button>
          </form>
        </Card>
        <aside className="tenant-aside" aria-labelledby="tenant-aside-title">
          <KeyRound className="tenant-aside__icon" aria-hidden="true" size={20} />
          <div>
            <h2 id="tenant-aside-title" className="tenant-aside__title">
              Are you a tenant?
            </h2>
            <p className="muted">
              Tenants don’t sign up here. Ask your landlord to add you to Rentwise, or check your inbox and junk folder
              for an email from Rentwise with a link to create your password.
            </p>
          </div>
        </aside>
        <div className="account-page__links">
          <Link to={paths.home.getHref()}>
            <ArrowLeft aria-hidden="true" size={18} />
            Return to Homepage
          </Link>
        </div>
      </div>
    </div>
  );
}
