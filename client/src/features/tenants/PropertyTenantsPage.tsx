import { useParams } from 'react-router-dom';
import { Mail, Pencil, Phone, ScrollText, UserPlus, Users } from 'lucide-react';
import { billingMonthLabel, parseBillingMonthKey } from '@rentwise/libs/billing-month';
import { formatCents } from '@rentwise/libs/money';
import { telHref } from '@rentwise/libs/phone';
import { paths } from '../../app/paths';
import { AutopayRunPill } from '../../components/AutopayRunPill';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { isNotFound } from '../../app/apiError';
import { useListPropertyTenantsQuery, type LandlordTenant } from './tenantsApi';
import { useListTenantsAutopayQuery, type TenantAutopay } from './tenantsAutopayApi';
import './tenants.css';

/** The last automatic payment's month and status, and the bank's reason when it failed. */
function LastAutopayPayment({ payment }: { payment: NonNullable<TenantAutopay['lastPayment']> }) {
  const month = parseBillingMonthKey(payment.period);
  return (
    <p className="tenant-card__detail tenant-card__autopay">
      <span>
        Last automatic payment: {month ? billingMonthLabel(month) : payment.period},{' '}
        <span className="tabular">{formatCents(payment.amountCents)}</span>
      </span>{' '}
      <AutopayRunPill status={payment.status} />
      {payment.failureMessage && <span className="tenant-card__autopay-failure">{payment.failureMessage}</span>}
    </p>
  );
}

interface TenantCardProps {
  tenant: LandlordTenant;
  propertyId: string;
  /** Undefined while the landlord's autopay list is not known (loading, or it did not load): then nothing is said. */
  autopay: TenantAutopay | null | undefined;
}

function TenantCard({ tenant, propertyId, autopay }: TenantCardProps) {
  const name = `${tenant.firstName} ${tenant.lastName}`;
  return (
    <li className="tenant-card">
      <div className="tenant-card__who">
        <span className="tenant-card__initials" aria-hidden="true">
          {tenant.firstName.charAt(0)}
          {tenant.lastName.charAt(0)}
        </span>
        <div className="tenant-card__text">
          <div className="tenant-card__heading">
            <h2 className="tenant-card__name">{name}</h2>
            {!tenant.hasSignedIn && (
              <span className="status-pill tenant-card__pill" title="Hasn’t created a password and signed in yet">
                Invited
              </span>
            )}
            {autopay !== undefined && (
              <span className={`status-pill tenant-card__autopay-pill tenant-card__autopay-pill--${autopay?.isOn ? 'on' : 'off'}`}>
                Autopay {autopay?.isOn ? 'on' : 'off'}
              </span>
            )}
          </div>
          <p className="tenant-card__detail">{tenant.email}</p>
          <p className="tenant-card__detail">{tenant.phone}</p>
          {autopay?.lastPayment && <LastAutopayPayment payment={autopay.lastPayment} />}
        </div>
      </div>
      <div className="tenant-card__actions">
        <Button variant="secondary" to={paths.landlord.tenancyLedger.getHref(propertyId, tenant.tenantId)} aria-label={`Ledger of ${name}`}>
          <ScrollText aria-hidden="true" size={18} />
          Ledger
        </Button>
        <Button
          variant="secondary"
          to={paths.landlord.editTenant.getHref(propertyId, tenant.tenantId)}
          aria-label={`Edit ${name}`}
        >
          <Pencil aria-hidden="true" size={18} />
          Edit
        </Button>
        <a className="button button--ghost button--md" href={`mailto:${tenant.email}`} aria-label={`Email ${name}`}>
          <Mail aria-hidden="true" size={18} />
          Email
        </a>
        <a className="button button--ghost button--md" href={telHref(tenant.phone)} aria-label={`Call ${name}`}>
          <Phone aria-hidden="true" size={18} />
          Call
        </a>
      </div>
    </li>
  );
}

/** /landlord/property/{propertyID}/tenants: who lives there, with Add a Tenant. */
export function PropertyTenantsPage() {
  const { propertyId = '' } = useParams();
  const { data, error, isLoading, refetch, isFetching } = useListPropertyTenantsQuery(propertyId);
  // A word beside each tenant, not the page's purpose: when it does not load, the list shows without it.
  const { data: autopayByTenant } = useListTenantsAutopayQuery();
  const addHref = paths.landlord.addTenant.getHref(propertyId);
  const addTenant = (
    <Button to={addHref}>
      <UserPlus aria-hidden="true" size={20} />
      Add a Tenant
    </Button>
  );

  return (
    <div className="container container--narrow tenants-page">
      <PageHeader
        back={{ to: paths.landlord.properties.getHref('tenant'), label: 'Manage Tenants' }}
        eyebrow={data ? data.property.address : undefined}
        title="Tenants"
        description={data ? `Rent ${formatCents(data.property.rentCents)} per month` : undefined}
        actions={data && data.rows.length > 0 ? addTenant : undefined}
      />

      {isLoading && (
        <ul className="tenant-list" aria-label="Loading tenants">
          {[0, 1].map((row) => (
            <li key={row} className="tenant-card">
              <div className="tenant-card__who">
                <Skeleton shape="circle" />
                <div className="tenant-card__text">
                  <Skeleton width="50%" />
                  <Skeleton width="70%" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      {!data && error && (
        isNotFound(error) ? (
          <Notice tone="warning" title="This property isn’t in your list">
            It may have been removed. Choose a property from Manage Tenants.
          </Notice>
        ) : (
          <LoadFailed what="The tenants" retry={() => void refetch()} retrying={isFetching} />
        )
      )}

      {data?.rows.length === 0 && (
        <EmptyState icon={Users} title="No tenants yet" action={addTenant}>
          Add the people who live here. Each gets an email to create a password, then pays rent online.
        </EmptyState>
      )}

      {data && data.rows.length > 0 && (
        <ul className="tenant-list">
          {data.rows.map((tenant) => (
            <TenantCard
              key={tenant.tenantId}
              tenant={tenant}
              propertyId={propertyId}
              autopay={autopayByTenant ? (autopayByTenant[tenant.tenantId] ?? null) : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
