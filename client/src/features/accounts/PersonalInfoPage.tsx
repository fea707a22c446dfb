import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatPhoneInput } from '@rentwise/libs/phone';
import { profileSchema, type ProfileFormValues, type ProfileInput } from '@rentwise/libs/schemas/profile.schema';
import { homePathFor, useSessionUser, type SessionUser } from '../../app/session';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PhotoUpload } from '../../components/PhotoUpload';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toastStore';
import { useUpdateUserMutation } from './accountsApi';
import { refusalMessage, statusOf } from '../../app/apiError';
import { usePhotoUpload } from './usePhotoUpload';
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
  const photo = usePhotoUpload();
  const [updateUser] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string>();
  const fullName = `${user.firstName} ${user.lastName}`;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValuesOf(user),
  });
  const phoneField = register('phone');

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
          <PhotoUpload
            photoUrl={user.photoUrl}
            name={fullName}
            isUploading={photo.isUploading}
            onSelect={photo.upload}
            onRefuse={photo.refuse}
          />
          <div>
            <p className="profile-card__photo-title">Profile photo</p>
            <p className="muted">Tap the photo to choose a new one. JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          </div>
        </div>
        <form className="account-form" onSubmit={submit} noValidate>
          <div className="account-form__pair">
            <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
            <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 555-5555"
            error={errors.phone?.message}
            {...phoneField}
            onChange={(event) => {
              event.target.value = formatPhoneInput(event.target.value);
              void phoneField.onChange(event);
            }}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Confirm email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.confirmEmail?.message}
            {...register('confirmEmail')}
          />
          {failure && (
            <div role="alert">
              <Notice tone="danger" title={failure} />
            </div>
          )}
          <Button type="submit" size="lg" fullWidth isLoading={isSubmitting}>
            Save Changes
          </Button>
        </form>
      </Card>
    </div>
  );
}
