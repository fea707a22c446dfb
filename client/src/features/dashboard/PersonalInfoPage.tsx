import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailConfirmationSentMessage, MESSAGES } from '@rentwise/libs/messages';
import { profileSchema, type ProfileFormValues, type ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import { homePathFor, useSessionUser, type SessionUser } from '../../app/session';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ContactFields } from '../../components/ContactFields';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toastStore';
import { useUpdateUserMutation } from './dashboardApi';
import { refusalMessage } from '../../app/apiError';
import { OwnPhotoUpload } from './OwnPhotoUpload';
import { ReminderSwitch } from './ReminderSwitch';
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
    currentPassword: '',
  };
}

/** The email as the schema will send it, to tell whether the person is changing it. */
const normalisedEmail = (email: string | undefined) => (email ?? '').trim().toLowerCase();

/** Refusals the current-password field explains. */
const PASSWORD_REFUSALS = new Set<string>([MESSAGES.currentPasswordRequired, MESSAGES.currentPasswordWrong]);

/**
 * Personal Information (/landlord/info and /tenant/info): name, phone, email and photo. A new email
 * asks for the current password and changes only once the link sent to it is opened (issue 32).
 */
export function PersonalInfoPage() {
  const user = useSessionUser();
  const [updateUser] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string>();
  const [pendingEmail, setPendingEmail] = useState<string>();
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValuesOf(user),
  });
  const {
    control,
    handleSubmit,
    register,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const changesEmail = normalisedEmail(useWatch({ control, name: 'email' })) !== user.email;

  const submit = handleSubmit(async ({ currentPassword, ...values }) => {
    setFailure(undefined);
    if (isUnchanged(user, values)) {
      showToast(MESSAGES.updated, { tone: 'success' });
      return;
    }
    const changingEmail = values.email !== user.email;
    try {
      const saved = await updateUser(changingEmail && currentPassword ? { ...values, currentPassword } : values).unwrap();
      reset(formValuesOf(saved.user));
      if (saved.pendingEmail) {
        setPendingEmail(saved.pendingEmail);
        showToast(emailConfirmationSentMessage(saved.pendingEmail), { tone: 'success' });
      } else {
        setPendingEmail(undefined);
        showToast(MESSAGES.updated, { tone: 'success' });
      }
    } catch (error) {
      const message = refusalMessage(error);
      if (message && PASSWORD_REFUSALS.has(message)) {
        setError('currentPassword', { message }, { shouldFocus: true });
      } else {
        setFailure(message ?? MESSAGES.unexpectedError);
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
            {changesEmail && (
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                hint="To change your email, enter the password you sign in with. We'll send a link to the new address to confirm it."
                error={errors.currentPassword?.message}
                {...register('currentPassword')}
              />
            )}
            {pendingEmail && (
              <div role="status">
                <Notice tone="success" title="Check your new email">
                  {emailConfirmationSentMessage(pendingEmail)} Until then, you sign in with <strong>{user.email}</strong>.
                </Notice>
              </div>
            )}
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
      {user.type === 'tenant' && <ReminderSwitch />}
    </div>
  );
}
