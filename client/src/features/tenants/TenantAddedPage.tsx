import { useLocation, useParams } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import './tenants.css';

/** Passed by the add form: who was just invited. */
export interface TenantAddedState {
  name: string;
  email: string;
}

function isTenantAddedState(value: unknown): value is TenantAddedState {
  return typeof value === 'object' && value !== null && 'name' in value && 'email' in value;
}

/** /landlord/property/{propertyID}/tenant/added */
export function TenantAddedPage() {
  const { propertyId = '' } = useParams();
  const { state } = useLocation();
  const added = isTenantAddedState(state) ? state : null;

  return (
    <div className="container container--narrow tenants-page">
      <Card padding="lg" className="tenant-added">
        <title>Tenant Added · Rentwise</title>
        <span className="icon-badge icon-badge--lg tenant-added__icon">
          <MailCheck aria-hidden="true" size={30} />
        </span>
        <h1 className="tenant-added__title">Tenant Added</h1>
        {added ? (
          <p className="tenant-added__text">
            We sent <strong>{added.name}</strong> an email at <strong>{added.email}</strong> with a link to create their
            password. If it doesn’t arrive in a few minutes, ask them to check their junk folder.
          </p>
        ) : (
          <p className="tenant-added__text">
            We sent your tenant an email with a link to create their password. If it doesn’t arrive in a few minutes,
            ask them to check their junk folder.
          </p>
        )}
        <div className="tenant-added__actions">
          <Button to={paths.landlord.addTenant.getHref(propertyId)} size="lg" fullWidth>
            Add Another Tenant
          </Button>
          <Button to={paths.landlord.propertyTenants.getHref(propertyId)} variant="secondary" size="lg" fullWidth>
            View All Tenants
          </Button>
        </div>
      </Card>
    </div>
  );
}
