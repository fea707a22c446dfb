import { useSearchParams } from 'react-router-dom';
import { FileSpreadsheet } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { calendarFigures, statementFigures, statementShowsLateFees, statementShowsProcessing } from '@rentwise/libs/statement-views';
import { monthName, statementDownloadName } from '@rentwise/libs/statements';
import {
  useGetStatementQuery,
  type Statement,
  type StatementRequest,
} from '../../app/landlordStatementApi';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { DownloadLink } from './DownloadLink';
import { isMissing, NotFoundCard, RowsLoading } from './StatementStates';
import { statementDownloadHref, useListStatementPropertiesQuery } from './statementsApi';
import { TimeZoneSetting } from './TimeZoneSetting';
import { TransactionsExport } from './TransactionsExport';
import './statements.css';

function FigureTable<Row extends { label: string }>({
  caption,
  firstColumn,
  rows,
  totals,
  figures,
}: {
  caption: string;
  firstColumn: string;
  rows: Row[];
  totals: Row;
  figures: { key: string; title: string }[];
}) {
  const cell = (row: Row, key: string) => formatCents((row as unknown as Record<string, number>)[key]);
  return (
    <div className="statement-table__scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="statement-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            {figures.map((figure) => (
              <th key={figure.key} scope="col" className="num">
                {figure.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {figures.map((figure) => (
                <td key={figure.key} className="num money">
                  {cell(row, figure.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {figures.map((figure) => (
              <td key={figure.key} className="num money">
                {cell(totals, figure.key)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  const byProperty = statement.kind === 'monthly' && statement.propertyId === null;
  // Processing (bank payments) and Late fees only where some month has them.
  const showsProcessing = statementShowsProcessing(statement);
  const showsLateFees = statementShowsLateFees(statement);
  return (
    <>
      <Card className="statement-summary">
        <p className="statement-summary__period">{statement.periodInWords}</p>
        <dl className="month-figures">
          <div>
            <dt>Rent due</dt>
            <dd className="money">{formatCents(statement.totals.rentDueCents)}</dd>
          </div>
          {showsLateFees && (
            <div>
              <dt>Late fees</dt>
              <dd className="money">{formatCents(statement.totals.lateFeesCents)}</dd>
            </div>
          )}
          <div>
            <dt>Received</dt>
            <dd className="money">{formatCents(statement.totals.receivedCents)}</dd>
          </div>
          {statement.totals.processingCents !== 0 && (
            <div>
              <dt>Processing</dt>
              <dd className="money">{formatCents(statement.totals.processingCents)}</dd>
            </div>
          )}
          <div>
            <dt>Processor fees</dt>
            <dd className="money">{formatCents(statement.totals.processorFeeCents)}</dd>
          </div>
          <div>
            <dt>Net deposited</dt>
            <dd className="money">{formatCents(statement.totals.netCents)}</dd>
          </div>
        </dl>
      </Card>
      {statement.rows.length === 0 ? (
        <Card>
          <EmptyState icon={FileSpreadsheet} title="No Payment History">
            Nothing was due or received in this period.
          </EmptyState>
        </Card>
      ) : (
        <section className="statement-section">
          <h2>{byProperty ? 'By property' : 'By billing month'}</h2>
          <FigureTable caption={`${statement.periodLabel} statement`} firstColumn={byProperty ? 'Property' : 'Month'} rows={statement.rows} totals={statement.totals} figures={statementFigures(statement)} />
        </section>
      )}
      {statement.calendarYear && (
        <section className="statement-section">
          <h2>Calendar year {statement.year}, by payment date</h2>
          <p className="statement-section__note">
            Payments grouped by the date they were made, 1 January to 31 December: what the payment processor’s yearly tax form reports.
          </p>
          <FigureTable
            caption={`Calendar year ${statement.year}`}
            firstColumn="Month"
            rows={statement.calendarYear.rows}
            totals={statement.calendarYear.totals}
            figures={calendarFigures(statement)}
          />
        </section>
      )}
      <p className="statement-section__note">
        Received is what tenants paid less the Rentwise platform fee of the payment’s date. The processor’s fee is charged to your payout account
        and shown apart because it is tax deductible.
        {showsProcessing && ' Processing is rent a tenant’s bank is still sending (a bank payment takes about four business days); it counts to the month the tenant paid.'}
        {showsLateFees && ' Late fees are what tenants were charged for paying late, less any you waived; they are part of Still due.'}
      </p>
    </>
  );
}

/** /landlord/statements?year=&month=&propertyId=: monthly and yearly statements, on screen and as CSV and PDF. */
export function StatementsPage() {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const year = Number(params.get('year')) || thisYear;
  const monthParam = Number(params.get('month'));
  const month = monthParam >= 1 && monthParam <= 12 ? monthParam : undefined;
  const propertyId = params.get('propertyId') ?? undefined;
  const request: StatementRequest = { year, month, propertyId };
  const { data: properties } = useListStatementPropertiesQuery();
  // currentData, not data: after a switch, the previous choice's figures must not stand under the new one.
  const { currentData: statement, isError, error, refetch, isFetching } = useGetStatementQuery(request);
  const notFound = isError && isMissing(error);

  const choose = (next: StatementRequest) => {
    const query: Record<string, string> = { year: String(next.year) };
    if (next.month) query.month = String(next.month);
    if (next.propertyId) query.propertyId = next.propertyId;
    setParams(query, { replace: true });
  };
  // The last six years, and the one asked for when a link names an older one.
  const recentYears = Array.from({ length: 6 }, (_, index) => thisYear - index);
  const years = recentYears.includes(year) ? recentYears : [...recentYears, year].sort((a, b) => b - a);

  return (
    <div className="app-page statements-page statements-page--wide">
      <PageHeader
        back={{ to: paths.landlord.paymentHistory.getHref(), label: 'Payment History' }}
        title="Statements"
        description={statement ? `${statement.periodLabel} · ${statement.scopeLabel}` : undefined}
        actions={
          statement && (
            <>
              <DownloadLink href={statementDownloadHref(request, 'pdf')} fileName={statementDownloadName(statement, 'pdf')} primary>
                Download PDF
              </DownloadLink>
              <DownloadLink href={statementDownloadHref(request, 'csv')} fileName={statementDownloadName(statement, 'csv')}>
                Download CSV
              </DownloadLink>
            </>
          )
        }
      />
      <form className="statement-filters" onSubmit={(event) => event.preventDefault()} aria-label="Choose a statement">
        <label>
          <span>Property</span>
          <select value={propertyId ?? ''} onChange={(event) => choose({ ...request, propertyId: event.target.value || undefined })}>
            <option value="">All properties</option>
            {properties?.map((property) => (
              <option key={property.propertyId} value={property.propertyId}>
                {property.address}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Year</span>
          <select value={year} onChange={(event) => choose({ ...request, year: Number(event.target.value) })}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Period</span>
          <select value={month ?? ''} onChange={(event) => choose({ ...request, month: Number(event.target.value) || undefined })}>
            <option value="">Whole year</option>
            {Array.from({ length: 12 }, (_, index) => index + 1).map((option) => (
              <option key={option} value={option}>
                {monthName(option)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <TimeZoneSetting />
      {isFetching && !statement && <RowsLoading label="Loading the statement" rows={6} />}
      {notFound && (
        <NotFoundCard title="Statement not found">
          The property may have been removed, or it belongs to another account. Choose another property or All properties.
        </NotFoundCard>
      )}
      {isError && !notFound && !statement && <LoadFailed what="The statement" retry={() => void refetch()} retrying={isFetching} />}
      {statement && <StatementBody statement={statement} />}
      <TransactionsExport years={years} initialYear={year} />
    </div>
  );
}
