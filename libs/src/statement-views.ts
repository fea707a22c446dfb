import type { Cents } from './money';
import type { JournalKind } from './statements';

/** What the statements endpoints answer: one shape for the screens, the CSV and the PDF. */

export interface StatementPropertyChoice {
  propertyId: string;
  address: string;
  rentCents: Cents;
  archived: boolean;
}

export interface OverviewMonth {
  year: number;
  month: number;
  /** 'April 2025' */
  label: string;
  rentDueCents: Cents;
  receivedCents: Cents;
  stillDueCents: Cents;
  fullAmountReceived: boolean;
  payments: number;
}

export interface MonthlyOverview {
  property: StatementPropertyChoice;
  timeZone: string;
  /** Newest first, back to the tenancy's start. */
  months: OverviewMonth[];
}

export interface StatementPayment {
  /** The journal: the landlord's receipt id for a rent payment. */
  receiptId: string;
  /** rent_payment, refund, correction, or a dispute's journals: dispute (funds held), dispute_won, dispute_lost. */
  kind: JournalKind;
  /** ISO time the money moved. */
  paidAt: string;
  propertyAddress: string;
  tenantName: string;
  description: string;
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  processorFeeCents: Cents;
}

export interface StatementFigures {
  rentDueCents: Cents;
  grossCents: Cents;
  platformFeeCents: Cents;
  /** Gross less the dated platform fee: what the landlord received. */
  receivedCents: Cents;
  /** The processor's fee, shown apart (tax deductible). */
  processorFeeCents: Cents;
  /** Received less the processor's fee: what reached the bank. */
  netCents: Cents;
}

export interface StatementRow extends StatementFigures {
  /** 'April 2025' or a property's address. */
  label: string;
  /** Set when the row is a month. */
  year?: number;
  month?: number;
  /** Set when the row is a property. */
  propertyId?: string;
  stillDueCents: Cents;
}

export interface CalendarRow {
  label: string;
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  processorFeeCents: Cents;
  netCents: Cents;
}

export interface Statement {
  kind: 'monthly' | 'yearly';
  year: number;
  /** 1-12 for a monthly statement. */
  month: number | null;
  /** null: all of the landlord's properties. */
  propertyId: string | null;
  /** The property's address, or 'All properties'. */
  scopeLabel: string;
  /** 'April 2025' or '2025'. */
  periodLabel: string;
  /** 'Payments made from 11 March to 10 April count as April.' */
  periodInWords: string;
  timeZone: string;
  /** ISO time the statement was made. */
  generatedAt: string;
  /** Monthly, all properties: one row per property. Otherwise one row per month. */
  rows: StatementRow[];
  totals: StatementRow;
  /** Monthly statements list their payments. */
  payments: StatementPayment[];
  /** Yearly statements: the same money by calendar month of the payment date. */
  calendarYear: { rows: CalendarRow[]; totals: CalendarRow } | null;
}

export interface StatementSettings {
  timeZone: string;
  /** The time zone used when a landlord has not chosen one. */
  defaultTimeZone: string;
}

/** Time zones offered in the setting (any IANA name is accepted by the endpoint). */
export const US_TIME_ZONES: readonly { id: string; label: string }[] = [
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

export function timeZoneLabel(timeZone: string): string {
  return US_TIME_ZONES.find((zone) => zone.id === timeZone)?.label ?? timeZone;
}
