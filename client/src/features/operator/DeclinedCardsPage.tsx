import { RefreshCw, ShieldCheck } from 'lucide-react';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { type DeclinedCardsByAddress, type DeclinedCardsByTenant, useGetDeclinedCardsQuery } from './declinedCardsApi';
import { formatDateTime } from './formatTime';
import './operator.css';
import './declinedCards.css';

type Counts = Pick<DeclinedCardsByTenant, 'lastHour' | 'last24Hours' | 'lastDeclinedAt' | 'limitedUntil'>;

/** Red while payments wait; otherwise how close the last hour came to the limit. */
function LimitState({ counts, limit }: { counts: Counts; limit: number }) {
  if (counts.limitedUntil) {
    return <span className="status-pill status-pill--danger">Waiting until {formatDateTime(counts.limitedUntil)}</span>;
  }
  return <span className="status-pill declined-cards__near">{`${counts.lastHour} of ${limit} this hour`}</span>;
}

function CountCells({ counts, limit }: { counts: Counts; limit: number }) {
  return (
    <>
      <td className="reconciliation__amount" data-label="Last hour">
        {counts.lastHour}
      </td>
      <td className="reconciliation__amount" data-label="Last 24 hours">
        {counts.last24Hours}
      </td>
      <td className="declined-cards__when" data-label="Last declined">
        {formatDateTime(counts.lastDeclinedAt)}
      </td>
      <td data-label="Payments">
        <LimitState counts={counts} limit={limit} />
      </td>
    </>
  );
}

function CountHeadings() {
  return (
    <>
      <th scope="col" className="reconciliation__amount">
        Last hour
      </th>
      <th scope="col" className="reconciliation__amount">
        Last 24 hours
      </th>
      <th scope="col">Last declined</th>
      <th scope="col">Payments</th>
    </>
  );
}

function TenantsTable({ rows, limit }: { rows: DeclinedCardsByTenant[]; limit: number }) {
  return (
    <Card className="reconciliation">
      <table className="reconciliation__table declined-cards__table">
        <caption className="visually-hidden">Declined cards by tenant</caption>
        <thead>
          <tr>
            <th scope="col">Tenant</th>
            <CountHeadings />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.tenantUserId}>
              <th scope="row">
                {row.name ?? 'Account removed'}
                <span className="reconciliation__meta">{row.email ?? <code>{row.tenantUserId}</code>}</span>
              </th>
              <CountCells counts={row} limit={limit} />
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function AddressesTable({ rows, limit }: { rows: DeclinedCardsByAddress[]; limit: number }) {
  return (
    <Card className="reconciliation">
      <table className="reconciliation__table declined-cards__table">
        <caption className="visually-hidden">Declined cards by network address</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col" className="reconciliation__amount">
              Tenants
            </th>
            <CountHeadings />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.clientAddress}>
              <th scope="row">
                <code>{row.clientAddress}</code>
              </th>
              <td className="reconciliation__amount" data-label="Tenants">
                {row.tenants}
              </td>
              <CountCells counts={row} limit={limit} />
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * /operator/declined-cards (issue 32): who is near the limit on declined cards or past it. Many
 * declines from one address for several tenants is the pattern of someone testing stolen cards.
 */
export function DeclinedCardsPage() {
  const { currentData: report, isError, isFetching, refetch } = useGetDeclinedCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const nothing = report && report.tenants.length === 0 && report.addresses.length === 0;

  return (
    <div className="app-page declined-cards-page">
      <PageHeader
        back={{ to: paths.operator.registrations.getHref(), label: 'Registrations' }}
        eyebrow="Operator"
        title="Declined cards"
        description={
          report &&
          `After ${report.perTenantLimit} declined cards in an hour from one tenant, or ${report.perAddressLimit} from one network address, payments wait until the hour has passed; the card processor is not asked. Listed: 3 or more declines in the last 24 hours.`
        }
        actions={
          <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching && Boolean(report)}>
            <RefreshCw aria-hidden="true" size={18} />
            Refresh
          </Button>
        }
      />
      {!report && isFetching && (
        <Card aria-busy="true" aria-label="Loading declined cards">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </Card>
      )}
      {!report && isError && !isFetching && <LoadFailed what="The declined cards" retry={() => void refetch()} />}
      {nothing && (
        <Card>
          <EmptyState icon={ShieldCheck} title="No one near the limit">
            No tenant or address has had 3 or more declined cards in the last 24 hours.
          </EmptyState>
        </Card>
      )}
      {report && report.tenants.length > 0 && (
        <section aria-labelledby="declined-tenants" className="declined-cards-section">
          <h2 id="declined-tenants" className="declined-cards-section__title">
            Tenants
          </h2>
          <TenantsTable rows={report.tenants} limit={report.perTenantLimit} />
        </section>
      )}
      {report && report.addresses.length > 0 && (
        <section aria-labelledby="declined-addresses" className="declined-cards-section">
          <h2 id="declined-addresses" className="declined-cards-section__title">
            Network addresses
          </h2>
          <AddressesTable rows={report.addresses} limit={report.perAddressLimit} />
        </section>
      )}
    </div>
  );
}
