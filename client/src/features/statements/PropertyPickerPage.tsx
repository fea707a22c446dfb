import { Link } from 'react-router-dom';
import { Building2, ChevronRight, FileSpreadsheet } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RowsLoading } from './StatementStates';
import { useListStatementPropertiesQuery } from './statementsApi';
import { TimeZoneSetting } from './TimeZoneSetting';
import './statements.css';

/** /landlord/payment-history: pick a property to see its months. */
export function PropertyPickerPage() {
  const { data: properties, isLoading, isError, refetch, isFetching } = useListStatementPropertiesQuery();
  const year = new Date().getFullYear();

  return (
    <div className="app-page statements-page">
      <PageHeader
        back={{ to: paths.landlord.dashboard.getHref(), label: 'Dashboard' }}
        title="Payment History"
        description="Choose a property to see what arrived each month."
        actions={
          <Button variant="secondary" to={paths.landlord.statements.getHref({ year })}>
            <FileSpreadsheet aria-hidden="true" size={18} />
            Statements
          </Button>
        }
      />
      <TimeZoneSetting />
      {isLoading && <RowsLoading label="Loading properties" />}
      {isError && !properties && <LoadFailed what="Your properties" retry={() => void refetch()} retrying={isFetching} />}
      {properties?.length === 0 && (
        <Card>
          <EmptyState icon={Building2} title="No Payment History">
            Add a property and its tenants; their payments will show here.
          </EmptyState>
        </Card>
      )}
      {properties && properties.length > 0 && (
        <Card as="ul" className="link-list statement-list" aria-label="Properties">
          {properties.map((property) => (
            <li key={property.propertyId}>
              <Link className="link-row" to={paths.landlord.propertyPaymentHistory.getHref(property.propertyId)}>
                <span className="link-row__main statement-row__main">
                  <span className="statement-row__title">{property.address}</span>
                  <span className="statement-row__meta">
                    Rent <span className="money">{formatCents(property.rentCents)}</span>
                    {property.archived && <span className="status-pill">Removed</span>}
                  </span>
                </span>
                <ChevronRight className="link-row__chevron" aria-hidden="true" size={18} />
              </Link>
            </li>
          ))}
        </Card>
      )}
    </div>
  );
}
