import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '@rentwise/libs/money';
import { monthName } from '@rentwise/libs/statements';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { useGetYearAtGlanceQuery } from './yearAtGlanceApi';
import { Link } from 'react-router-dom';

const wholeDollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/**
 * This year at a glance: rent received against rent due, by billing month, for all properties.
 * Loaded on its own (React.lazy) so the chart library reaches only landlords who open the dashboard.
 */
export default function YearAtGlance() {
  const year = new Date().getFullYear();
  const { data: statement, isLoading, isError } = useGetYearAtGlanceQuery(year);

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
    Due: row.rentDueCents,
    Received: row.receivedCents,
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
      </p>
      {nothingYet ? (
        <p className="muted">No rent was due or received yet this year.</p>
      ) : (
        <div className="year-glance__chart" role="img" aria-label={`Rent received against rent due by month in ${year}`}>
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="month" tickLine={false} axisLine={false} fontSize={12} />
              <YAxis tickFormatter={wholeDollars} tickLine={false} axisLine={false} fontSize={12} width={64} />
              <Tooltip formatter={(value) => formatCents(Number(value))} />
              <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="Due" fill="#cbd5e1" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="Received" fill="#0f766e" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
