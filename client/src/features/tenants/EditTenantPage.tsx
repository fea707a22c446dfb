import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Send } from 'lucide-react';
import { MESSAGES, removedMessage } from '@rentwise/libs/messages';
import type { TenantFormValues } from '@rentwise/libs/schemas/tenant.schema';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { RemovalSection } from '../../components/RemovalSection';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { useListPropertiesQuery } from '../../app/landlordPropertiesApi';
import { SaveRefused, TenantForm } from './TenantForm';
import {
  useGetTenantQuery,
  useRemoveTenantMutation,
  useResendInvitationMutation,
  useUpdateTenantMutation,
  type LandlordTenant,
} from './tenantsApi';
import './tenants.css';

/** Refusals about the email, shown under it: another account has it, or the tenant's account is theirs now. */
const EMAIL_REFUSALS = new Set<string>([MESSAGES.tenantEmailUnavailable, MESSAGES.emailChangeNeedsOwner]);

function formValuesOf(tenant: LandlordTenant): TenantFormValues {
  const { firstName, lastName, email, phone, propertyId } = tenant;
  return { firstName, lastName, email, confirmEmail: email, phone, propertyId };
}

/** /landlord/property/{propertyID}/{tenantID}/edit: contact details, moving, Remove Tenant. */
export function EditTenantPage() {
  const { propertyId = '', tenantId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetTenantQuery({ propertyId, tenantId });
  const { data: propertyChoices, isLoading: choicesLoading } = useListPropertiesQuery();
  const [updateTenant] = useUpdateTenantMutation();
  const [removeTenant, { isLoading: isRemoving }] = useRemoveTenantMutation();
  const [resendInvitation, { isLoading: isResending }] = useResendInvitationMutation();
  const [confirming, setConfirming] = useState(false);
  const tenantsHref = paths.landlord.propertyTenants.getHref(propertyId);

  const save = async (values: TenantFormValues) => {
    try {
      const answer = await updateTenant({ propertyId, tenantId, values }).unwrap();
      showToast(MESSAGES.updated, { tone: 'success' });
      navigate(paths.landlord.propertyTenants.getHref(answer.property.propertyId));
    } catch (failure) {
      const message = refusalMessage(failure);
      throw new SaveRefused(message ?? MESSAGES.unexpectedError, message && EMAIL_REFUSALS.has(message) ? 'email' : undefined);
    }
  };

  const remove = async () => {
    try {
      const { name } = await removeTenant({ propertyId, tenantId }).unwrap();
      showToast(removedMessage(name), { tone: 'success' });
      navigate(tenantsHref, { replace: true });
    } catch (failure) {
      setConfirming(false);
      showToast(refusalMessage(failure) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  };

  const resend = async (email: string) => {
    try {
      await resendInvitation({ propertyId, tenantId }).unwrap();
      showToast(`Invitation sent to ${email}`, { tone: 'success' });
    } catch (failure) {
      showToast(refusalMessage(failure) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  };

  const back = { to: tenantsHref, label: 'Tenants' };

  if (isLoading || choicesLoading) {
    return (
      <div className="container container--narrow tenants-page" aria-busy="true">
        <PageHeader back={back} title="Edit Tenant" />
        <Card padding="lg">
          <div className="tenant-form">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} shape="block" height="4.5rem" />
            ))}
          </div>
        </Card>
      </div>
    );
  }

  if (!data) {
    return (
      <div className="container container--narrow tenants-page">
        <PageHeader back={back} title="Edit Tenant" />
        {isNotFound(error) ? (
          <Notice tone="warning" title="This tenant isn’t at this property">
            They may have been moved or removed. <Link to={tenantsHref}>See the property’s tenants</Link>.
          </Notice>
        ) : (
          <LoadFailed what="This tenant" retry={() => void refetch()} />
        )}
      </div>
    );
  }

  const { tenant, property } = data;
  const name = `${tenant.firstName} ${tenant.lastName}`;
  return (
    <div className="container container--narrow tenants-page">
      <PageHeader back={back} eyebrow={property.address} title="Edit Tenant" description={name} />
      {!tenant.hasSignedIn && (
        <div className="tenant-invitation">
          <p>
            <strong>{tenant.firstName} hasn’t signed in yet.</strong> Their invitation link works for 7 days; send a new one if it
            expired or went astray.
          </p>
          <Button variant="secondary" onClick={() => void resend(tenant.email)} isLoading={isResending}>
            <Send aria-hidden="true" size={18} />
            Resend invitation
          </Button>
        </div>
      )}
      <Card padding="lg">
        <TenantForm
          key={tenant.tenantId}
          initialValues={formValuesOf(tenant)}
          submitLabel="Save Changes"
          propertyChoices={propertyChoices}
          onSave={save}
        />
      </Card>
      <RemovalSection title="Remove this tenant" buttonLabel="Remove Tenant" onRemove={() => setConfirming(true)}>
        They can no longer sign in or pay. Payments they made stay in your history.
      </RemovalSection>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${name}?`}
        confirmLabel="Remove Tenant"
        isWorking={isRemoving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {tenant.firstName} will no longer be able to sign in or pay rent for {property.address}. Their past payments stay in
        your payment history.
      </ConfirmDialog>
    </div>
  );
}
