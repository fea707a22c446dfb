import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@rentwise/libs/messages';
import { tenantSchema, type TenantFormValues } from '@rentwise/libs/schemas/tenant.schema';
import { Button } from '../../components/Button';
import { ContactFields } from '../../components/ContactFields';
import { Notice } from '../../components/Notice';
import type { PropertyChoice } from './tenantsApi';

/** Why a save failed: a message for one field (an email in use) or for the whole form. */
export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly field?: 'email',
  ) {
    super(message);
  }
}

interface TenantFormProps {
  initialValues: TenantFormValues;
  submitLabel: string;
  /** Offered on the edit form: the tenant can be moved to another of the landlord's properties. */
  propertyChoices?: PropertyChoice[];
  /** Rejects with SaveRefused to show why. */
  onSave: (values: TenantFormValues) => Promise<void>;
  children?: ReactNode;
}

export function TenantForm({ initialValues, submitLabel, propertyChoices, onSave, children }: TenantFormProps) {
  const [failure, setFailure] = useState<string>();
  const form = useForm<TenantFormValues, unknown, TenantFormValues>({
    // raw: the server parses what was typed with this same schema (it lower-cases the email).
    resolver: zodResolver(tenantSchema, undefined, { raw: true }),
    defaultValues: initialValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { isSubmitting, isSubmitSuccessful },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(values);
    } catch (error) {
      const refusal = error instanceof SaveRefused ? error : new SaveRefused(MESSAGES.unexpectedError);
      if (refusal.field) setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
      else setFailure(refusal.message);
      throw error;
    }
  });

  return (
    <FormProvider {...form}>
      <form className="tenant-form" onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
        <ContactFields namesClassName="tenant-form__pair" autofill="off" />
        {propertyChoices && propertyChoices.length > 1 && (
          <div className="field">
            <label className="field__label" htmlFor="tenant-property">
              Property
            </label>
            <p className="field__hint" id="tenant-property-hint">
              Choose another property to move this tenant there.
            </p>
            <select
              id="tenant-property"
              className="field__input tenant-form__select"
              aria-describedby="tenant-property-hint"
              {...register('propertyId')}
            >
              {propertyChoices.map((choice) => (
                <option key={choice.propertyId} value={choice.propertyId}>
                  {choice.address}
                </option>
              ))}
            </select>
          </div>
        )}
        {failure && <Notice tone="danger" title={failure} />}
        {children}
        <Button type="submit" size="lg" fullWidth isLoading={isSubmitting || isSubmitSuccessful}>
          {submitLabel}
        </Button>
      </form>
    </FormProvider>
  );
}
