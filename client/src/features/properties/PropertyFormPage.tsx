import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MESSAGES, removedMessage } from '@rentwise/libs/messages';
import { rentCentsToInput } from '@rentwise/libs/rent';
import { propertySchema, type PropertyFormValues } from '@rentwise/libs/schemas/property.schema';
import type { ManagedProperty } from '../../app/landlordPropertiesApi';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { RemovalSection } from '../../components/RemovalSection';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toastStore';
import { isNotFound, refusalMessage } from '../../app/apiError';
import {
  useAddPropertyMutation,
  useGetPropertyQuery,
  useRemovePropertyMutation,
  useUpdatePropertyMutation,
} from './propertiesApi';
import { RemindersLink } from './RemindersLink';
import { RentField } from './RentField';
import { RentTermsSummary } from './RentTermsPage';
import './properties.css';

/** The spec waits half a second after saving before leaving, so the toast is seen on this page. */
export const REDIRECT_AFTER_SAVE_MS = 500;

const EMPTY_FORM: PropertyFormValues = { line1: '', line2: '', city: '', state: '', zip: '', rent: '' };

function formValuesOf(property: ManagedProperty): PropertyFormValues {
  return {
    line1: property.line1,
    line2: property.line2 ?? '',
    city: property.city,
    state: property.state,
    zip: property.zip,
    rent: rentCentsToInput(property.rentCents),
  };
}

const listHref = paths.landlord.properties.getHref('address');

/** Leaves for the property list half a second after a save, unless the page is gone by then. */
function useRedirectAfterSave(): (to: string) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to) => {
    timer.current = setTimeout(() => navigate(to), REDIRECT_AFTER_SAVE_MS);
  };
}

interface PropertyFormProps {
  initialValues: PropertyFormValues;
  submitLabel: string;
  /** Resolves when saved; rejects with the message to show. */
  onSave: (values: PropertyFormValues) => Promise<void>;
}

function PropertyForm({ initialValues, submitLabel, onSave }: PropertyFormProps) {
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PropertyFormValues, unknown, PropertyFormValues>({
    // raw: the server parses what was typed with this same schema.
    resolver: zodResolver(propertySchema, undefined, { raw: true }),
    defaultValues: initialValues,
  });
  const digitsOnly = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/\D/g, '');
  };
  const lettersUpperCase = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/[^A-Za-z]/g, '').toUpperCase();
  };
  const stateField = register('state');
  const zipField = register('zip');

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(values);
      setSaved(true);
    } catch (message) {
      setFailure(String(message));
    }
  });

  return (
    <form className="property-form" onSubmit={submit} noValidate>
      <TextField label="Address line 1" autoComplete="address-line1" error={errors.line1?.message} {...register('line1')} />
      <TextField
        label="Address line 2 (optional)"
        hint="Apartment, unit or suite"
        autoComplete="address-line2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <div className="property-form__place">
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <TextField
          label="State"
          className="property-form__state"
          autoComplete="address-level1"
          autoCapitalize="characters"
          maxLength={2}
          error={errors.state?.message}
          {...stateField}
          onChange={(event) => {
            lettersUpperCase(event);
            void stateField.onChange(event);
          }}
        />
        <TextField
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.zip?.message}
          {...zipField}
          onChange={(event) => {
            digitsOnly(event);
            void zipField.onChange(event);
          }}
        />
      </div>
      <RentField label="Monthly rent" hint="Whole dollars, from $100 to $99,999." error={errors.rent?.message} {...register('rent')} />
      {failure && <Notice tone="danger" title={failure} />}
      <Button type="submit" size="lg" fullWidth className="property-form__submit" isLoading={isSubmitting || saved}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * /landlord/property/0/add; with ?then=add-tenant (from Manage Tenants, no property yet) it is the
 * address the tenant rents: 'Successfully added address!', then on to adding the tenant.
 */
export function AddPropertyPage() {
  const [addProperty] = useAddPropertyMutation();
  const redirect = useRedirectAfterSave();
  const [searchParams] = useSearchParams();
  const forTenant = searchParams.get('then') === 'add-tenant';

  const save = async (values: PropertyFormValues) => {
    let added: ManagedProperty;
    try {
      added = await addProperty(values).unwrap();
    } catch (error) {
      throw refusalMessage(error) ?? MESSAGES.unexpectedError;
    }
    showToast(forTenant ? MESSAGES.addressAdded : MESSAGES.propertyAdded, { tone: 'success' });
    redirect(forTenant ? paths.landlord.addTenant.getHref(added.propertyId) : listHref);
  };

  return (
    <div className="container container--narrow properties-page">
      <PageHeader
        back={forTenant ? { to: paths.landlord.properties.getHref('tenant'), label: 'Manage Tenants' } : { to: listHref, label: 'Manage Properties' }}
        title={forTenant ? 'Add an Address' : 'Add a Property'}
        description={
          forTenant
            ? 'The address your tenant rents, and its monthly rent. Then you add the tenant.'
            : 'Its address and the monthly rent. Once it’s added, you can invite its tenants.'
        }
      />
      <Card padding="lg">
        <PropertyForm initialValues={EMPTY_FORM} submitLabel={forTenant ? 'Add Address' : 'Add Property'} onSave={save} />
      </Card>
    </div>
  );
}

/** /landlord/property/{propertyID}/update, with Remove Property. */
export function UpdatePropertyPage() {
  const { propertyId = '' } = useParams();
  const navigate = useNavigate();
  const { data: property, error, isLoading, refetch } = useGetPropertyQuery(propertyId);
  const [updateProperty] = useUpdatePropertyMutation();
  const [removeProperty, { isLoading: isRemoving }] = useRemovePropertyMutation();
  const [confirming, setConfirming] = useState(false);
  const redirect = useRedirectAfterSave();

  const save = async (values: PropertyFormValues) => {
    try {
      await updateProperty({ propertyId, values }).unwrap();
    } catch (failure) {
      throw refusalMessage(failure) ?? MESSAGES.propertyUpdateFailed;
    }
    showToast(MESSAGES.propertyUpdated, { tone: 'success' });
    redirect(listHref);
  };

  const remove = async () => {
    if (!property) return;
    try {
      await removeProperty(propertyId).unwrap();
    } catch (failure) {
      setConfirming(false);
      showToast(refusalMessage(failure) ?? MESSAGES.propertyDeleteFailed, { tone: 'error' });
      return;
    }
    showToast(removedMessage(property.line1), { tone: 'success' });
    navigate(listHref, { replace: true });
  };

  const header = (
    <PageHeader back={{ to: listHref, label: 'Manage Properties' }} title="Update Property" description={property?.address} />
  );

  if (isLoading) {
    return (
      <div className="container container--narrow properties-page" aria-busy="true">
        {header}
        <Card padding="lg">
          <div className="property-form">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} shape="block" height="4.5rem" />
            ))}
          </div>
        </Card>
      </div>
    );
  }

  if (!property) {
    return (
      <div className="container container--narrow properties-page">
        {header}
        {isNotFound(error) ? (
          <Notice tone="warning" title="This property isn’t in your list">
            It may have been removed. <Link to={listHref}>See your properties</Link>.
          </Notice>
        ) : (
          <LoadFailed what="This property" retry={() => void refetch()} />
        )}
      </div>
    );
  }

  const hasTenants = property.tenantCount > 0;
  return (
    <div className="container container--narrow properties-page">
      {header}
      <Card padding="lg">
        <PropertyForm initialValues={formValuesOf(property)} submitLabel="Save Changes" onSave={save} />
      </Card>
      <div className="property-list rent-terms-summary">
        <RentTermsSummary property={property} />
      </div>
      <RemindersLink propertyId={propertyId} />
      <RemovalSection title="Remove this property" buttonLabel="Remove Property" onRemove={() => setConfirming(true)}>
        It leaves your lists; its payment history stays available to you.
      </RemovalSection>
      {hasTenants ? (
        <ConfirmDialog
          open={confirming}
          title="This property still has tenants"
          confirmLabel="View Tenants"
          tone="primary"
          onConfirm={() => navigate(paths.landlord.propertyTenants.getHref(propertyId))}
          onCancel={() => setConfirming(false)}
        >
          {property.tenantCount === 1 ? 'Move or remove its tenant' : `Move or remove its ${property.tenantCount} tenants`}{' '}
          first; then you can remove the property.
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          open={confirming}
          title="Remove this property?"
          confirmLabel="Remove Property"
          isWorking={isRemoving}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          {property.address} will leave your lists. Payments it received stay in your payment history.
        </ConfirmDialog>
      )}
    </div>
  );
}
