import { useState, type ReactNode } from 'react';
import { formatCents } from '@rentwise/libs/money';
import type { components } from '../app/openapi';
import { Button } from './Button';
import { Skeleton } from './Skeleton';
import './ledger-table.css';

/** One line of a tenant's ledger: a charge, fee, payment or correction with the balance after it. */
export type LedgerLine = components['schemas']['TenantLedgerLineDto'];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2025-12-01' (a date on the landlord's calendar, from the server) -> 'Dec 1, 2025', wherever it is read. */
export function ledgerDateLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** '−$1,500.00' for what lowers the balance (a true minus sign), '$1,500.00' for what raises it. */
function signedAmount(cents: number): string {
  return cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents);
}

/** A running balance: below zero it is the tenant's credit. */
function balanceAmount(cents: number): string {
  return cents < 0 ? `${formatCents(-cents)} credit` : formatCents(cents);
}

/**
 * A ledger's lines: a table on wide screens; on phones each row becomes a two-line item (what and
 * amount, then date and balance). Rows come as children, so each page decides what a row offers.
 */
export function LedgerTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="ledger-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">What</th>
          <th scope="col" className="ledger-table__figure">
            Amount
          </th>
          <th scope="col" className="ledger-table__figure">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One line; `actions` (a landlord's Waive on a late fee, for one) sit under what the line is. */
export function LedgerRow({ line, actions }: { line: LedgerLine; actions?: ReactNode }) {
  return (
    <tr className={line.amountCents < 0 ? 'ledger-table__row ledger-table__row--credit' : 'ledger-table__row'}>
      <td className="ledger-table__date">
        <time dateTime={line.date}>{ledgerDateLabel(line.date)}</time>
      </td>
      <th scope="row" className="ledger-table__what">
        {line.what}
        {actions && <div className="ledger-table__actions">{actions}</div>}
      </th>
      <td className="ledger-table__figure ledger-table__amount tabular">{signedAmount(line.amountCents)}</td>
      <td className="ledger-table__figure ledger-table__balance tabular">
        <span className="ledger-table__balance-label">Balance </span>
        {balanceAmount(line.balanceCents)}
      </td>
    </tr>
  );
}

/** Rows of grey while the ledger loads. */
export function LedgerLoading() {
  return (
    <div className="ledger-loading" aria-busy="true" aria-label="Loading the ledger">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="ledger-loading__row">
          <Skeleton width="40%" />
          <Skeleton width="5rem" />
        </div>
      ))}
    </div>
  );
}

/** About two years of rent and payments: what a person checks; the CSV has every line. */
export const FIRST_LEDGER_LINES = 48;

/**
 * The newest lines first, the earlier ones on request: seven years of lines make a phone's page
 * metres long, and most visits want this year's.
 */
export function useEarlierLines<T>(lines: readonly T[]): { shown: readonly T[]; earlier: number; showEarlier: () => void } {
  const [all, setAll] = useState(false);
  const earlier = all ? 0 : Math.max(0, lines.length - FIRST_LEDGER_LINES);
  return { shown: earlier > 0 ? lines.slice(0, FIRST_LEDGER_LINES) : lines, earlier, showEarlier: () => setAll(true) };
}

export function ShowEarlierLines({ earlier, onShow }: { earlier: number; onShow: () => void }) {
  if (earlier === 0) return null;
  return (
    <div className="ledger-earlier">
      <Button variant="secondary" onClick={onShow}>
        Show {earlier} earlier {earlier === 1 ? 'line' : 'lines'}
      </Button>
    </div>
  );
}
