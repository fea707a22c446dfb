import { formatCents } from '@rentwise/libs/money';
import { monthName } from '@rentwise/libs/statements';
import { useGetStatementQuery } from '../../app/landlordStatementApi';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { Link } from 'react-router-dom';
import { MonthBarsChart } from './MonthBarsChart';

/**
 * This year at a glance: rent received against rent due, by billing month, for all properties.
 */
export function YearAtGlance() {
  const year = new Date().getFullYear();
  const { data: statement, isLoading, isError } = useGetStatementQuery({ year });

  if (isLoading) {
    return (
      <Card className="year-glance" aria-busy="true">
        <Skeleton width="10rem" />
        <Skeleton width="100%" height="12rem" shape="block" />
      </Card>
    );
  }
  if (isError || !statement) return null;
  const data = statement.rows.map((row) => ({
    month: monthName(row.month ?? 1).slice(0, 3),
    dueCents: row.rentDueCents,
    receivedCents: row.receivedCents,
  }));
  // Months of properties without tenants are rows of zeros: a chart of nothing says less than the line.
  const nothingYet = statement.rows.every((row) => row.rentDueCents === 0 && row.receivedCents === 0);

  return (
    <Card as="section" className="year-glance" aria-labelledby="year-glance-title">
      <div className="year-glance__head">
        <h2 id="year-glance-title">{year} at a glance</h2>
        <Link to={paths.landlord.statements.getHref({ year })}>Yearly statement</Link>
      </div>
      <p className="year-glance__totals">
        Received <strong className="money">{formatCents(statement.totals.receivedCents)}</strong> of{' '}
        <strong className="money">{formatCents(statement.totals.rentDueCents)}</strong> due
        {statement.totals.processingCents !== 0 && (
          <>
            , <strong className="money">{formatCents(statement.totals.processingCents)}</strong> processing
          </>
        )}
      </p>
      {nothingYet ? (
        <p className="muted">No rent was due or received yet this year.</p>
      ) : (
        <MonthBarsChart data={data} label={`Rent received against rent due by month in ${year}`} />
      )}
    </Card>
  );
}
