import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@rentwise/libs/messages';
import type { TenantFormValues } from '@rentwise/libs/schemas/tenant.schema';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { refusalMessage } from '../../app/apiError';
import { SaveRefused, TenantForm } from './TenantForm';
import { useInviteTenantMutation, useListPropertyTenantsQuery } from './tenantsApi';
import type { TenantAddedState } from './TenantAddedPage';
import './tenants.css';

const EMPTY_FORM: TenantFormValues = { firstName: '', lastName: '', email: '', confirmEmail: '', phone: '' };

/** /landlord/property/{propertyID}/tenants/add */
export function AddTenantPage() {
  const { propertyId = '' } = useParams();
  const navigate = useNavigate();
  const { data } = useListPropertyTenantsQuery(propertyId);
  const [inviteTenant] = useInviteTenantMutation();

  const save = async (values: TenantFormValues) => {
    try {
      const { invited } = await inviteTenant({ propertyId, values }).unwrap();
      const state: TenantAddedState = { name: `${invited.firstName} ${invited.lastName}`, email: invited.email };
      navigate(paths.landlord.tenantAdded.getHref(propertyId), { state });
    } catch (error) {
      throw new SaveRefused(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  };

  return (
    <div className="container container--narrow tenants-page">
      <PageHeader
        back={{ to: paths.landlord.propertyTenants.getHref(propertyId), label: 'Tenants' }}
        eyebrow={data?.property.address}
        title="Add a Tenant"
        description="We’ll email them a link to create their password. Then they can pay rent online."
      />
      <Card padding="lg">
        <TenantForm initialValues={EMPTY_FORM} submitLabel="Add Tenant" onSave={save} />
      </Card>
    </div>
  );
}
