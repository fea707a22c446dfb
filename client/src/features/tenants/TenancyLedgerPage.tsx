import { useParams } from 'react-router-dom';
import { Download, Plus, ScrollText } from 'lucide-react';
import { isNotFound } from '../../app/apiError';
import { paths } from '../../app/paths';
import { balanceStanding } from '../../app/tenantBalanceApi';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { type LedgerLine, LedgerLoading, LedgerRow, LedgerTable, ShowEarlierLines, useEarlierLines } from '../../components/LedgerTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PaymentStatusPill, paymentStatusLabel } from '../../components/PaymentStatusPill';
import { useGetTenancyLedgerQuery } from './tenancyLedgerApi';
import { VoidRecordedPayment } from './VoidRecordedPayment';
import { WaiveLateFee } from './WaiveLateFee';
import './tenants.css';

/** A payment the landlord recorded (decision 0043): its receipt, and Void until it is voided. */
function RecordedPaymentActions({ line, propertyId, tenantId }: { line: LedgerLine; propertyId: string; tenantId: string }) {
  return (
    <>
      <Button to={paths.landlord.paymentReceipt.getHref(line.journalId)} variant="secondary" aria-label={`Receipt of ${line.what}`}>
        Receipt
      </Button>
      {line.voided ? (
        <PaymentStatusPill label={paymentStatusLabel('voided')} />
      ) : (
        <VoidRecordedPayment receiptId={line.journalId} amountCents={-line.amountCents} propertyId={propertyId} tenantId={tenantId} />
      )}
    </>
  );
}

/**
 * Every row of the landlord's ledger goes through here, so what a landlord may do with a line sits in
 * one place: a late fee's Waive action (issue 36), a recorded payment's receipt and Void (issue 38).
 */
export function TenancyLedgerRow({ line, propertyId, tenantId }: { line: LedgerLine; propertyId: string; tenantId: string }) {
  let actions;
  if (line.kind === 'late_fee' && !line.waived) {
    actions = <WaiveLateFee journalId={line.journalId} amountCents={line.amountCents} propertyId={propertyId} tenantId={tenantId} />;
  } else if (line.kind === 'recorded_payment') {
    actions = <RecordedPaymentActions line={line} propertyId={propertyId} tenantId={tenantId} />;
  }
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
          ledger && (
            <>
              <Button to={paths.landlord.recordPayment.getHref(propertyId, tenantId)}>
                <Plus aria-hidden="true" size={18} />
                Record a Payment
              </Button>
              {ledger.lines.length > 0 && (
                <a className="button button--secondary button--md" href={paths.landlord.tenancyLedger.csvHref(propertyId, tenantId)} download>
                  <Download aria-hidden="true" size={18} />
                  Download CSV
                </a>
              )}
            </>
          )
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
