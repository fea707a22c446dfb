import { Download, ScrollText } from 'lucide-react';
import { balanceStanding } from '../../app/tenantBalanceApi';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LedgerLoading, LedgerRow, LedgerTable, ShowEarlierLines, useEarlierLines } from '../../components/LedgerTable';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { useGetTenantLedgerQuery } from './tenantLedgerApi';
import './payments.css';

/** /tenant/ledger: every rent charge, fee and payment at the tenant's home, newest first, with the balance after each. */
export function TenantLedgerPage() {
  const { data: ledger, isLoading, isError, refetch, isFetching } = useGetTenantLedgerQuery();
  const standing = ledger ? balanceStanding(ledger.balanceCents) : null;
  const { shown, earlier, showEarlier } = useEarlierLines(ledger?.lines ?? []);

  return (
    <div className="app-page tenant-ledger">
      <PageHeader
        back={{ to: paths.tenant.dashboard.getHref(), label: 'Dashboard' }}
        eyebrow={ledger?.propertyAddress}
        title="Ledger"
        description={
          standing && (
            <>
              {standing.tone === 'paid-up' ? standing.label : `${standing.label}: `}
              {standing.tone !== 'paid-up' && <strong className="tabular">{standing.amount}</strong>}
            </>
          )
        }
        actions={
          ledger && ledger.lines.length > 0 ? (
            <a className="button button--secondary button--md" href={paths.tenant.ledger.csvHref()} download>
              <Download aria-hidden="true" size={18} />
              Download CSV
            </a>
          ) : undefined
        }
      />

      {isLoading && (
        <Card>
          <LedgerLoading />
        </Card>
      )}

      {isError && !ledger && <LoadFailed what="Your ledger" retry={() => void refetch()} retrying={isFetching} />}

      {ledger?.lines.length === 0 && (
        <EmptyState icon={ScrollText} title="Nothing in your ledger yet" action={<Button to={paths.tenant.payment.getHref()}>Pay rent</Button>}>
          Each month’s rent appears here when it falls due, with every payment you make.
        </EmptyState>
      )}

      {ledger && ledger.lines.length > 0 && (
        <Card className="ledger-card">
          <LedgerTable caption="Your ledger, newest first">
            {shown.map((line) => (
              <LedgerRow key={line.journalId} line={line} />
            ))}
          </LedgerTable>
          <ShowEarlierLines earlier={earlier} onShow={showEarlier} />
        </Card>
      )}
    </div>
  );
}
