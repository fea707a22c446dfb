import { Link, useSearchParams } from 'react-router-dom';
import { Building2, ChevronRight, Home, Plus, Users } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { useListPropertiesQuery, type ManagedProperty } from '../../app/landlordPropertiesApi';
import { paths, type PropertyListMode } from '../../app/paths';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import './properties.css';

const MODES = {
  address: {
    title: 'Manage Properties',
    description: 'Your properties and the monthly rent each one asks.',
    rowHref: (property: ManagedProperty) => paths.landlord.updateProperty.getHref(property.propertyId),
  },
  tenant: {
    title: 'Manage Tenants',
    description: 'Choose a property to see its tenants, add new ones or change their details.',
    rowHref: (property: ManagedProperty) => paths.landlord.propertyTenants.getHref(property.propertyId),
  },
} as const;

function tenantsLabel(count: number): string {
  if (count === 0) return 'No tenants yet';
  return count === 1 ? '1 tenant' : `${count} tenants`;
}

/** /landlord/properties?mode=address (Manage Properties) or ?mode=tenant (Manage Tenants). */
export function ManagePropertiesPage() {
  const [searchParams] = useSearchParams();
  const mode: PropertyListMode = searchParams.get('mode') === 'tenant' ? 'tenant' : 'address';
  const { title, description, rowHref } = MODES[mode];
  const { data: properties, isLoading, isError, refetch, isFetching } = useListPropertiesQuery();
  const addProperty = (
    <Button to={paths.landlord.addProperty.getHref()}>
      <Plus aria-hidden="true" size={20} />
      Add a Property
    </Button>
  );

  return (
    <div className="container container--narrow properties-page">
      <PageHeader
        back={{ to: paths.landlord.dashboard.getHref(), label: 'Dashboard' }}
        title={title}
        description={description}
        actions={mode === 'address' && properties && properties.length > 0 ? addProperty : undefined}
      />

      {isLoading && (
        <ul className="property-list" aria-label="Loading properties">
          {[0, 1, 2].map((row) => (
            <li key={row} className="property-row property-row--placeholder">
              <Skeleton shape="block" width="2.75rem" height="2.75rem" />
              <span className="property-row__text">
                <Skeleton width="70%" />
                <Skeleton width="45%" />
              </span>
            </li>
          ))}
        </ul>
      )}

      {isError && !properties && <LoadFailed what="Your properties" retry={() => void refetch()} retrying={isFetching} />}

      {properties?.length === 0 && (
        <EmptyState
          icon={Building2}
          title="No properties yet"
          action={
            mode === 'address' ? (
              addProperty
            ) : (
              <Button to={paths.landlord.addProperty.forTenantHref()}>
                <Plus aria-hidden="true" size={20} />
                Add an Address
              </Button>
            )
          }
        >
          {mode === 'address'
            ? 'Add your first property with its address and monthly rent. You can add as many as you like.'
            : 'Add the address your tenants rent first; then you can add them and they can pay rent online.'}
        </EmptyState>
      )}

      {properties && properties.length > 0 && (
        <ul className="property-list">
          {properties.map((property) => (
            <li key={property.propertyId}>
              <Link className="property-row" to={rowHref(property)}>
                <span className="icon-badge" aria-hidden="true">
                  {mode === 'address' ? <Home size={22} /> : <Users size={22} />}
                </span>
                <span className="property-row__text">
                  <span className="property-row__street">
                    {property.line1}
                    {property.line2 && `, ${property.line2}`}
                  </span>
                  <span className="property-row__city">
                    {property.city}, {property.state} {property.zip}
                  </span>
                </span>
                {mode === 'address' ? (
                  <span className="property-row__figure">
                    <span className="property-row__amount tabular">{formatCents(property.rentCents)}</span>
                    <span className="property-row__unit">per month</span>
                  </span>
                ) : (
                  <span className="property-row__figure">
                    <span className="property-row__count">{tenantsLabel(property.tenantCount)}</span>
                  </span>
                )}
                <ChevronRight className="property-row__chevron" aria-hidden="true" size={20} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
