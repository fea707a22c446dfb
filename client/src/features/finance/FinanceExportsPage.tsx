import { useState, type FormEvent } from 'react';
import { Archive, CircleAlert, Download, FileSpreadsheet } from 'lucide-react';
import { type FinanceExportFormat, FINANCE_EXPORT_KEEP_DAYS, progressPercent } from '@rentwise/libs/finance-export';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../../app/apiError';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import {
  financeExportDownloadHref,
  type FinanceExportView,
  useListFinanceExportsQuery,
  useListFinanceYearsQuery,
  useStartFinanceExportMutation,
} from './financeApi';
import './finance.css';

const POLL_MS = 1500;

const FORMATS: { value: FinanceExportFormat; title: string; detail: string }[] = [
  { value: 'csv', title: 'CSV', detail: 'One line per landlord, property and month' },
  { value: 'zip', title: 'ZIP of PDFs', detail: 'Each landlord’s own yearly statement' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function StartExport() {
  const { data: years, isLoading, isError, refetch } = useListFinanceYearsQuery();
  const [startExport, starting] = useStartFinanceExportMutation();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [format, setFormat] = useState<FinanceExportFormat>('csv');

  if (isLoading) {
    return (
      <Card className="finance-start" aria-busy="true">
        <Skeleton width="30%" height="1.25rem" />
        <Skeleton width="100%" height="2.75rem" />
      </Card>
    );
  }
  if (isError || !years) {
    return (
      <LoadFailed what="The years" retry={() => void refetch()} />
    );
  }
  if (years.length === 0) {
    return (
      <Card>
        <EmptyState icon={FileSpreadsheet} title="No payments yet">
          Years appear here once tenants have paid rent through Rentwise.
        </EmptyState>
      </Card>
    );
  }

  const year = chosenYear ?? years[0].year;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await startExport({ year, format }).unwrap();
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  };

  return (
    <Card as="section" className="finance-start" aria-labelledby="finance-start-title">
      <h2 id="finance-start-title" className="finance-section-title">
        Export a year
      </h2>
      <form className="finance-start__form" onSubmit={(event) => void submit(event)}>
        <label className="finance-field">
          <span>Year</span>
          <select value={year} onChange={(event) => setChosenYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option.year} value={option.year}>
                {option.year} · {option.landlords} {option.landlords === 1 ? 'landlord' : 'landlords'}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="finance-formats">
          <legend>Format</legend>
          {FORMATS.map((option) => (
            <label key={option.value} className="finance-format">
              <input type="radio" name="format" value={option.value} checked={format === option.value} onChange={() => setFormat(option.value)} />
              <span>
                <strong>{option.title}</strong>
                <small>{option.detail}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" isLoading={starting.isLoading} className="finance-start__submit">
          Start export
        </Button>
      </form>
      <p className="finance-note">
        Billing years: payments made from 11 December of the year before to 10 December count to a year. Files are kept for {FINANCE_EXPORT_KEEP_DAYS}{' '}
        days.
      </p>
    </Card>
  );
}

function ExportProgress({ row }: { row: FinanceExportView }) {
  const percent = progressPercent(row.landlordsDone, row.landlordsTotal);
  const label =
    row.landlordsTotal === null
      ? row.status === 'queued'
        ? 'Waiting to start'
        : 'Counting landlords'
      : `${row.landlordsDone.toLocaleString('en-US')} of ${row.landlordsTotal.toLocaleString('en-US')} landlords`;
  return (
    <div className="finance-progress">
      <progress max={100} value={percent} aria-label={`Export ${row.year} ${row.format.toUpperCase()} progress`} aria-valuetext={label} />
      <span className="finance-progress__label" aria-live="polite">
        {label}
      </span>
    </div>
  );
}

function ExportRow({ row }: { row: FinanceExportView }) {
  const Icon = row.format === 'csv' ? FileSpreadsheet : Archive;
  const title = `${row.year} · ${row.format === 'csv' ? 'CSV' : 'ZIP of PDFs'}`;
  return (
    <li className="finance-export" aria-label={title}>
      <span className="icon-badge" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="finance-export__main">
        <p className="finance-export__title">
          {title}
          <span className={`finance-status finance-status--${row.status}`}>{statusWord(row)}</span>
        </p>
        <p className="finance-export__meta">
          Requested {dateTime.format(new Date(row.requestedAt))} by {row.requestedBy}
        </p>
        {(row.status === 'queued' || row.status === 'running') && <ExportProgress row={row} />}
        {row.status === 'completed' && row.byteSize !== null && row.expiresAt && (
          <p className="finance-export__meta">
            {row.landlordsDone.toLocaleString('en-US')} {row.landlordsDone === 1 ? 'landlord' : 'landlords'} · {fileSize(row.byteSize)} · kept until {date.format(new Date(row.expiresAt))}
            <br />
            <span className="finance-export__sha" title={row.sha256 ?? undefined}>
              SHA-256 {row.sha256?.slice(0, 16)}…
            </span>
          </p>
        )}
        {row.status === 'failed' && (
          <p className="finance-export__error">
            <CircleAlert aria-hidden="true" size={16} />
            {row.error}
          </p>
        )}
        {row.status === 'expired' && <p className="finance-export__meta">The file was deleted after {FINANCE_EXPORT_KEEP_DAYS} days. Start the export again.</p>}
      </div>
      {row.status === 'completed' && (
        <a className="button button--secondary button--md finance-export__download" href={financeExportDownloadHref(row.exportId)} download={row.fileName}>
          <Download aria-hidden="true" size={18} />
          Download
        </a>
      )}
    </li>
  );
}

function statusWord(row: FinanceExportView): string {
  switch (row.status) {
    case 'queued':
      return 'Queued';
    case 'running':
      return `${progressPercent(row.landlordsDone, row.landlordsTotal)}%`;
    case 'completed':
      return 'Ready';
    case 'failed':
      return 'Failed';
    case 'expired':
      return 'Expired';
  }
}

function ExportList() {
  const { data: rows, isLoading, isError, refetch } = useListFinanceExportsQuery();
  const active = rows?.some((row) => row.status === 'queued' || row.status === 'running') ?? false;
  // Polls only while an export runs; a reload finds the same exports, since they live on the server.
  useListFinanceExportsQuery(undefined, { pollingInterval: active ? POLL_MS : 0, skipPollingIfUnfocused: false });

  let content;
  if (isLoading) {
    content = (
      <Card aria-busy="true">
        <Skeleton width="50%" height="1.25rem" />
        <Skeleton width="80%" />
      </Card>
    );
  } else if (isError || !rows) {
    content = (
      <LoadFailed what="The exports" retry={() => void refetch()} />
    );
  } else if (rows.length === 0) {
    content = (
      <Card>
        <EmptyState icon={Archive} title="No exports yet">
          Exports you start appear here with their progress, then a download.
        </EmptyState>
      </Card>
    );
  } else {
    content = (
      <Card className="finance-exports-card">
        <ul className="finance-exports">
          {rows.map((row) => (
            <ExportRow key={row.exportId} row={row} />
          ))}
        </ul>
      </Card>
    );
  }
  return (
    <section className="finance-list" aria-labelledby="finance-list-title">
      <h2 id="finance-list-title" className="finance-section-title">
        Recent exports
      </h2>
      {content}
    </section>
  );
}

/** /finance: the years with payments, and every landlord's yearly statements exported as a background job. */
export function FinanceExportsPage() {
  return (
    <div className="app-page finance-page">
      <PageHeader title="Yearly exports" description="Every landlord’s statements for a year: one CSV, or a ZIP of their yearly PDFs." />
      <StartExport />
      <ExportList />
    </div>
  );
}
