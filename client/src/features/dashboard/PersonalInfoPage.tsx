import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { profileSchema, type ProfileFormValues, type ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import { homePathFor, useSessionUser, type SessionUser } from '../../app/session';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ContactFields } from '../../components/ContactFields';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/toastStore';
import { useUpdateUserMutation } from './dashboardApi';
import { refusalMessage, statusOf } from '../../app/apiError';
import { OwnPhotoUpload } from './OwnPhotoUpload';
import '../../styles/accounts.css';

/** True when the form says what the server already has: the spec then answers without a call. */
export function isUnchanged(user: SessionUser, values: ProfileInput): boolean {
  return (
    values.firstName === user.firstName &&
    values.lastName === user.lastName &&
    values.email === user.email &&
    values.phone === user.phone
  );
}

function formValuesOf(user: SessionUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    confirmEmail: user.email,
    phone: user.phone,
  };
}

/** Personal Information (/landlord/info and /tenant/info): name, phone, email and photo. */
export function PersonalInfoPage() {
  const user = useSessionUser();
  const [updateUser] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string>();
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValuesOf(user),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    if (isUnchanged(user, values)) {
      showToast(MESSAGES.updated, { tone: 'success' });
      return;
    }
    try {
      const { user: saved } = await updateUser(values).unwrap();
      reset(formValuesOf(saved));
      showToast(MESSAGES.updated, { tone: 'success' });
    } catch (error) {
      if (statusOf(error) === 409) {
        setError('email', { message: refusalMessage(error) ?? MESSAGES.emailTaken }, { shouldFocus: true });
      } else {
        setFailure(refusalMessage(error) ?? MESSAGES.unexpectedError);
      }
    }
  });

  return (
    <div className="app-page">
      <PageHeader back={{ to: homePathFor(user.type), label: 'Dashboard' }} title="Personal Information" />
      <Card padding="lg" className="profile-card">
        <div className="profile-card__photo">
          <OwnPhotoUpload />
          <div>
            <p className="profile-card__photo-title">Profile photo</p>
            <p className="muted">Tap the photo to choose a new one. JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          </div>
        </div>
        <FormProvider {...form}>
          <form className="account-form" onSubmit={submit} noValidate>
            <ContactFields namesClassName="account-form__pair" autofill="self" phoneFirst />
            {failure && (
              <div role="alert">
                <Notice tone="danger" title={failure} />
              </div>
            )}
            <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
              Save Changes
            </Button>
          </form>
        </FormProvider>
      </Card>
    </div>
  );
}
