import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleCheck, RefreshCw } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { sortUnpaidBalances, type SortOrder, type UnpaidBalanceSort } from '@rentwise/libs/unpaid-balances';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { type UnpaidBalance, useGetUnpaidBalancesQuery } from './remindersApi';
import './reminders.css';

const COLUMNS: { sort: UnpaidBalanceSort; label: string; numeric: boolean }[] = [
  { sort: 'tenant', label: 'Tenant', numeric: false },
  { sort: 'property', label: 'Property', numeric: false },
  { sort: 'balance', label: 'Balance', numeric: true },
  { sort: 'daysLate', label: 'Days late', numeric: true },
];

/** Words first (A to Z), amounts and days largest first, as a reader expects a first tap to sort them. */
const firstOrder = (sort: UnpaidBalanceSort): SortOrder => (sort === 'tenant' || sort === 'property' ? 'asc' : 'desc');

const daysLateText = (days: number) => (days === 0 ? 'Not late' : days === 1 ? '1 day' : `${days} days`);

function SortHeader({ column, sort, order, onSort }: { column: (typeof COLUMNS)[number]; sort: UnpaidBalanceSort; order: SortOrder; onSort: (sort: UnpaidBalanceSort) => void }) {
  const active = column.sort === sort;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={column.numeric ? 'who-owes__number' : undefined} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="who-owes__sort" onClick={() => onSort(column.sort)}>
        {column.label}
        <Icon aria-hidden="true" size={14} />
      </button>
    </th>
  );
}

function BalancesTable({ rows }: { rows: UnpaidBalance[] }) {
  const [sort, setSort] = useState<UnpaidBalanceSort>('balance');
  const [order, setOrder] = useState<SortOrder>('desc');
  const onSort = (next: UnpaidBalanceSort) => {
    if (next === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(next);
      setOrder(firstOrder(next));
    }
  };
  const sorted = sortUnpaidBalances(rows, sort, order);
  const total = rows.reduce((sum, row) => sum + row.balanceCents, 0);
  return (
    <Card className="who-owes">
      <p className="who-owes__total">
        {rows.length === 1 ? '1 tenant owes' : `${rows.length} tenants owe`} <strong>{formatCents(total)}</strong> in all.
      </p>
      <table className="who-owes__table">
        <caption className="visually-hidden">Tenants with a balance, sortable by each column</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.sort} column={column} sort={sort} order={order} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={`${row.tenantUserId}:${row.propertyId}`}>
              <th scope="row" data-label="Tenant">
                <Link to={paths.landlord.tenancyLedger.getHref(row.propertyId, row.tenantUserId)}>{row.tenantName}</Link>
              </th>
              <td data-label="Property">{row.propertyAddress}</td>
              <td className="who-owes__number" data-label="Balance">
                {formatCents(row.balanceCents)}
              </td>
              <td className={row.daysLate > 0 ? 'who-owes__number who-owes__late' : 'who-owes__number'} data-label="Days late">
                {daysLateText(row.daysLate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * /landlord/balances (issue 36): each current tenant, across the landlord's properties, who owes
 * rent: how much, and how late the oldest unpaid charge is. Each name opens that tenant's ledger.
 */
export function WhoOwesPage() {
  const { data: rows, isLoading, isError, isFetching, refetch } = useGetUnpaidBalancesQuery();
  return (
    <div className="app-page">
      <PageHeader
        back={{ to: paths.landlord.dashboard.getHref(), label: 'Dashboard' }}
        title="Who Owes What"
        description="Tenants with a balance due, across your properties. Days late count from the end of the grace period of the oldest unpaid charge."
        actions={
          <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching && !isLoading}>
            <RefreshCw aria-hidden="true" size={18} />
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <Card aria-busy="true" aria-label="Loading balances">
          <Skeleton width="40%" />
          <Skeleton width="100%" />
          <Skeleton width="100%" />
          <Skeleton width="80%" />
        </Card>
      ) : isError || !rows ? (
        <LoadFailed what="The balances" retry={() => void refetch()} retrying={isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState icon={CircleCheck} title="Nobody owes rent">
          <p>Every current tenant is paid up.</p>
        </EmptyState>
      ) : (
        <BalancesTable rows={rows} />
      )}
    </div>
  );
}
