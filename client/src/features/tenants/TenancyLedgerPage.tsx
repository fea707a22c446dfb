import { useParams } from 'react-router-dom';
import { Download, ScrollText } from 'lucide-react';
import { isNotFound } from '../../app/apiError';
import { paths } from '../../app/paths';
import { balanceStanding } from '../../app/tenantBalanceApi';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { type LedgerLine, LedgerLoading, LedgerRow, LedgerTable, ShowEarlierLines, useEarlierLines } from '../../components/LedgerTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { useGetTenancyLedgerQuery } from './tenancyLedgerApi';
import { WaiveLateFee } from './WaiveLateFee';
import './tenants.css';

/**
 * Every row of the landlord's ledger goes through here, so what a landlord may do with a line sits in
 * one place: a late fee's Waive action (issue 36) belongs in `actions` for `line.kind === 'late_fee'`.
 */
export function TenancyLedgerRow({ line, propertyId, tenantId }: { line: LedgerLine; propertyId: string; tenantId: string }) {
  const actions =
    line.kind === 'late_fee' && !line.waived ? <WaiveLateFee journalId={line.journalId} amountCents={line.amountCents} propertyId={propertyId} tenantId={tenantId} /> : undefined;
  return <LedgerRow line={line} actions={actions} />;
}

/** /landlord/property/{propertyId}/tenants/{tenantId}/ledger: a tenant's charges, fees and payments at the property, newest first. */
export function TenancyLedgerPage() {
  const { propertyId = '', tenantId = '' } = useParams();
  const { data: ledger, error, isLoading, refetch, isFetching } = useGetTenancyLedgerQuery({ propertyId, tenantId });
  const standing = ledger ? balanceStanding(ledger.balanceCents) : null;
  const { shown, earlier, showEarlier } = useEarlierLines(ledger?.lines ?? []);

  return (
    <div className="container tenancy-ledger">
      <PageHeader
        back={{ to: paths.landlord.propertyTenants.getHref(propertyId), label: 'Tenants' }}
        eyebrow={ledger?.propertyAddress}
        title={ledger ? `${ledger.tenantName}’s ledger` : 'Ledger'}
        description={
          standing && (
            <>
              {standing.tone === 'paid-up' ? 'Paid up' : `${standing.label}: `}
              {standing.tone !== 'paid-up' && <strong className="tabular">{standing.amount}</strong>}
            </>
          )
        }
        actions={
          ledger && ledger.lines.length > 0 ? (
            <a className="button button--secondary button--md" href={paths.landlord.tenancyLedger.csvHref(propertyId, tenantId)} download>
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

      {!ledger &&
        error &&
        (isNotFound(error) ? (
          <Notice tone="warning" title="This ledger isn’t one of yours">
            The tenant may never have lived at this property. Choose a tenant from the property’s tenants.
          </Notice>
        ) : (
          <LoadFailed what="The ledger" retry={() => void refetch()} retrying={isFetching} />
        ))}

      {ledger?.lines.length === 0 && (
        <EmptyState icon={ScrollText} title="Nothing in this ledger yet">
          Each month’s rent appears here when it falls due, with every payment the tenant makes.
        </EmptyState>
      )}

      {ledger && ledger.lines.length > 0 && (
        <Card className="ledger-card">
          <LedgerTable caption={`${ledger.tenantName}’s ledger, newest first`}>
            {shown.map((line) => (
              <TenancyLedgerRow key={line.journalId} line={line} propertyId={propertyId} tenantId={tenantId} />
            ))}
          </LedgerTable>
          <ShowEarlierLines earlier={earlier} onShow={showEarlier} />
        </Card>
      )}
    </div>
  );
}
