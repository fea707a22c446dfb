import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { signUpSchema, type SignUpFormValues, type SignUpInput } from '@rentwise/libs/schemas/sign-up.schema';
import { paths } from '../../app/paths';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ContactFields } from '../../components/ContactFields';
import { FormFailure } from '../../components/FormFailure';
import { PageHeader } from '../../components/PageHeader';
import { refusalMessage, statusOf } from '../../app/apiError';
import { useRegisterLandlordMutation } from './onboardingApi';
import './onboarding.css';

const EMPTY_FORM: SignUpFormValues = { firstName: '', lastName: '', email: '', confirmEmail: '', phone: '' };

/** /sign-up: a landlord applies; an operator reviews the registration within 24 hrs. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [registerLandlord] = useRegisterLandlordMutation();
  const [failure, setFailure] = useState<string>();
  const form = useForm<SignUpFormValues, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY_FORM,
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting, isSubmitSuccessful },
  } = form;

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
    <AccountPage>
      <Card padding="lg" className="account-page__card">
        <PageHeader
          eyebrow="For landlords"
          title="Landlord Sign Up"
          description="Collect rent online for free. We review your registration and email you a setup link within 24 hrs."
        />
        <FormProvider {...form}>
          <form
            className="sign-up-form"
            noValidate
            aria-label="Landlord sign-up"
            onSubmit={(event) => void submit(event).catch(() => undefined)}
          >
            <FormFailure message={failure} />
            <ContactFields namesClassName="sign-up-form__names" autofill="self" />
            <p className="account-page__fine-print">
              By clicking Continue, you agree to our <Link to={paths.termsOfUse.getHref()}>Terms</Link> and{' '}
              <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
            </p>
            <Button type="submit" size="lg" fullWidth isLoading={isSubmitting || isSubmitSuccessful}>
              Continue
            </Button>
          </form>
        </FormProvider>
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
    </AccountPage>
  );
}
