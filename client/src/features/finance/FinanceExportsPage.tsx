import { PageHeader } from '../../components/PageHeader';

/** /finance: years with payments, and yearly exports of every landlord's statements. */
export function FinanceExportsPage() {
  return (
    <div className="app-page">
      <PageHeader title="Yearly exports" description="Every landlord’s statements for a year, as one CSV or a ZIP of PDFs." />
    </div>
  );
}
