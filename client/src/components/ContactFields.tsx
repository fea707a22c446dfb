import { useFormContext } from 'react-hook-form';
import { formatPhoneInput } from '@rentwise/libs/phone';
import { TextField } from './TextField';

/** The fields of libs' contactDetailsShape, as the form holds them while they are typed. */
export interface ContactFieldValues {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
}

interface ContactFieldsProps {
  /** The class of the row that holds first and last name; each form sets its own breakpoint. */
  namesClassName: string;
  /**
   * 'self' lets the browser offer the saved details of the person at the keyboard;
   * 'off' where someone types another person's details (a landlord adding a tenant).
   */
  autofill: 'self' | 'off';
  /** Personal Information asks for the phone before the emails. */
  phoneFirst?: boolean;
}

/**
 * First and last name, email, confirm email and phone (masked as (999) 999-9999 while typed).
 * Render it inside react-hook-form's FormProvider of a form whose values include ContactFieldValues.
 */
export function ContactFields({ namesClassName, autofill, phoneFirst = false }: ContactFieldsProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactFieldValues>();
  const ownDetails = autofill === 'self';
  const phoneField = register('phone');

  const phone = (
    <TextField
      label="Phone"
      type="tel"
      inputMode="tel"
      autoComplete={ownDetails ? 'tel-national' : 'off'}
      placeholder="(555) 555-5555"
      error={errors.phone?.message}
      {...phoneField}
      onChange={(event) => {
        event.target.value = formatPhoneInput(event.target.value);
        void phoneField.onChange(event);
      }}
    />
  );
  const emailProps = {
    type: 'email',
    inputMode: 'email',
    autoComplete: ownDetails ? 'email' : 'off',
    autoCapitalize: 'none',
    spellCheck: false,
  } as const;

  return (
    <>
      <div className={namesClassName}>
        <TextField
          label="First name"
          autoComplete={ownDetails ? 'given-name' : 'off'}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete={ownDetails ? 'family-name' : 'off'}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      {phoneFirst && phone}
      <TextField label="Email" {...emailProps} error={errors.email?.message} {...register('email')} />
      <TextField label="Confirm email" {...emailProps} error={errors.confirmEmail?.message} {...register('confirmEmail')} />
      {!phoneFirst && phone}
    </>
  );
}
