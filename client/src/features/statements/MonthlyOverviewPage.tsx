import { Link, useParams } from 'react-router-dom';
import { CalendarX2, CheckCircle2, ChevronRight, FileSpreadsheet } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { periodInWords } from '@rentwise/libs/statements';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { isMissing, NotFoundCard, RowsLoading } from './StatementStates';
import { useGetMonthlyOverviewQuery } from './statementsApi';
import { TimeZoneSetting } from './TimeZoneSetting';
import './statements.css';

/** /landlord/payment-history/:propertyId: Monthly Overview, newest month first. */
export function MonthlyOverviewPage() {
  const { propertyId = '' } = useParams();
  // currentData: another property's months never stand under this one's address while it loads.
  const { currentData: overview, isError, error, refetch, isFetching } = useGetMonthlyOverviewQuery(propertyId);
  const notFound = isError && isMissing(error);
  const year = new Date().getFullYear();

  return (
    <div className="app-page statements-page">
      <PageHeader
        back={{ to: paths.landlord.paymentHistory.getHref(), label: 'Payment History' }}
        eyebrow="Monthly Overview"
        title={overview?.property.address ?? 'Monthly Overview'}
        description={overview && <>Rent <span className="money">{formatCents(overview.property.rentCents)}</span> a month</>}
        actions={
          overview && (
            <Button variant="secondary" to={paths.landlord.statements.getHref({ year, propertyId })}>
              <FileSpreadsheet aria-hidden="true" size={18} />
              Yearly statement
            </Button>
          )
        }
      />
      <TimeZoneSetting />
      {isFetching && !overview && <RowsLoading label="Loading months" rows={6} />}
      {notFound && <NotFoundCard />}
      {isError && !notFound && !overview && <LoadFailed what="The months" retry={() => void refetch()} retrying={isFetching} />}
      {overview?.months.length === 0 && (
        <Card>
          <EmptyState icon={CalendarX2} title="No Payment History" />
        </Card>
      )}
      {overview && overview.months.length > 0 && (
        <Card as="ul" className="link-list statement-list" aria-label="Months">
          {overview.months.map((month) => (
            <li key={`${month.year}-${month.month}`}>
              <Link
                className="link-row"
                to={paths.landlord.monthPayments.getHref(propertyId, month.month, month.year)}
              >
                <span className="link-row__main statement-row__main">
                  <span className="statement-row__title">{month.label}</span>
                  {month.fullAmountReceived ? (
                    <span className="status-pill status-pill--success">
                      <CheckCircle2 aria-hidden="true" size={14} />
                      Full Amount Received
                    </span>
                  ) : (
                    <span className="statement-row__meta">
                      Received <span className="money">{formatCents(month.receivedCents)}</span>
                      {month.processingCents !== 0 && (
                        <span className="processing">
                          Processing <span className="money">{formatCents(month.processingCents)}</span>
                        </span>
                      )}
                      <span className="due">
                        Still due <span className="money">{formatCents(month.stillDueCents)}</span>
                      </span>
                    </span>
                  )}
                  <span className="statement-row__period">{periodInWords(month)}</span>
                </span>
                <span className="link-row__amount money">{formatCents(month.receivedCents)}</span>
                <ChevronRight className="link-row__chevron" aria-hidden="true" size={18} />
              </Link>
            </li>
          ))}
        </Card>
      )}
    </div>
  );
}
