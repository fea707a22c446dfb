import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FINANCE_EXPORT_FORMATS,
  type FinanceExportFormat,
  type FinanceExportStatus,
  type FinanceExportView,
  type FinanceYear,
} from '@rentwise/libs/finance-export';
import type { JournalKind } from '@rentwise/libs/statements';
import type {
  CalendarRow,
  MonthlyOverview,
  OverviewMonth,
  Statement,
  StatementPayment,
  StatementPropertyChoice,
  StatementRow,
  StatementSettings,
} from '@rentwise/libs/statement-views';

/** OpenAPI shapes of the statements and finance endpoints' answers, so the client can generate its types. */

const JOURNAL_KINDS: JournalKind[] = [
  'rent_payment',
  'refund',
  'correction',
  'dispute',
  'dispute_won',
  'dispute_lost',
  'bank_debit_settled',
  'bank_debit_failed',
  'recorded_payment',
  'recorded_payment_void',
];
const PROCESSING = 'Bank debits sent and not yet settled: paid by the tenant, not yet received';
const FINANCE_EXPORT_STATUSES: FinanceExportStatus[] = ['queued', 'running', 'completed', 'failed', 'expired'];

export class StatementPropertyChoiceDto implements StatementPropertyChoice {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Apt 2, Springfield, IL 62704' }) address!: string;
  @ApiProperty({ example: 150_000 }) rentCents!: number;
  @ApiProperty({ description: 'Removed by the landlord: its history stays' }) archived!: boolean;
}

export class StatementPropertiesAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [StatementPropertyChoiceDto] }) rows!: StatementPropertyChoiceDto[];
}

const RENT_DUE = 'Rent charged to the month (its rent charges less move-out credits)';
const LATE_FEES = 'Late fees charged to the month less those waived: in still due, not in rent due';

export class OverviewMonthDto implements OverviewMonth {
  @ApiProperty({ example: 2025 }) year!: number;
  @ApiProperty({ example: 4 }) month!: number;
  @ApiProperty({ example: 'April 2025' }) label!: string;
  @ApiProperty({ description: RENT_DUE }) rentDueCents!: number;
  @ApiProperty({ description: LATE_FEES }) lateFeesCents!: number;
  @ApiProperty() receivedCents!: number;
  @ApiProperty({ description: PROCESSING }) processingCents!: number;
  @ApiProperty() stillDueCents!: number;
  @ApiProperty() fullAmountReceived!: boolean;
  @ApiProperty({ description: 'How many payments count to the month (processing bank debits included, failed ones not)' }) payments!: number;
}

export class MonthlyOverviewDto implements MonthlyOverview {
  @ApiProperty({ type: StatementPropertyChoiceDto }) property!: StatementPropertyChoiceDto;
  @ApiProperty({ example: 'America/Chicago' }) timeZone!: string;
  @ApiProperty({ type: [OverviewMonthDto], description: 'Newest first, back to the tenancy’s start' }) months!: OverviewMonthDto[];
}

export class MonthlyOverviewAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: MonthlyOverviewDto }) overview!: MonthlyOverviewDto;
}

export class StatementPaymentDto implements StatementPayment {
  @ApiProperty({ format: 'uuid', description: 'The journal: the landlord’s receipt id for a rent payment' }) receiptId!: string;
  @ApiProperty({ enum: JOURNAL_KINDS }) kind!: JournalKind;
  @ApiProperty({ format: 'date-time', description: 'When the money moved' }) paidAt!: string;
  @ApiProperty() propertyAddress!: string;
  @ApiProperty() tenantName!: string;
  @ApiProperty() description!: string;
  @ApiProperty() grossCents!: number;
  @ApiProperty() platformFeeCents!: number;
  @ApiProperty() receivedCents!: number;
  @ApiProperty({ description: 'What the line puts in or takes out of Processing (bank debits)' }) processingCents!: number;
  @ApiProperty() processorFeeCents!: number;
  @ApiProperty({ type: String, nullable: true, description: 'A failed bank debit’s line: why the bank refused it' }) failureReason!: string | null;
  @ApiProperty({ description: 'A rent payment autopay made, or its bank’s answer; false on every other line' }) automatic!: boolean;
}

export class StatementRowDto implements StatementRow {
  @ApiProperty({ description: "'April 2025' or a property's address" }) label!: string;
  @ApiPropertyOptional({ description: 'Set when the row is a month' }) year?: number;
  @ApiPropertyOptional({ description: 'Set when the row is a month' }) month?: number;
  @ApiPropertyOptional({ description: 'Set when the row is a property' }) propertyId?: string;
  @ApiProperty({ description: RENT_DUE }) rentDueCents!: number;
  @ApiProperty({ description: LATE_FEES }) lateFeesCents!: number;
  @ApiProperty() grossCents!: number;
  @ApiProperty() platformFeeCents!: number;
  @ApiProperty({ description: 'Gross less the dated platform fee: what the landlord received' }) receivedCents!: number;
  @ApiProperty({ description: PROCESSING }) processingCents!: number;
  @ApiProperty({ description: 'The processor’s fee, shown apart (tax deductible)' }) processorFeeCents!: number;
  @ApiProperty({ description: 'Received less the processor’s fee: what reached the bank' }) netCents!: number;
  @ApiProperty() stillDueCents!: number;
}

export class CalendarRowDto implements CalendarRow {
  @ApiProperty({ example: 'April' }) label!: string;
  @ApiProperty() grossCents!: number;
  @ApiProperty() platformFeeCents!: number;
  @ApiProperty() receivedCents!: number;
  @ApiProperty({ description: PROCESSING }) processingCents!: number;
  @ApiProperty() processorFeeCents!: number;
  @ApiProperty() netCents!: number;
}

export class CalendarYearDto {
  @ApiProperty({ type: [CalendarRowDto] }) rows!: CalendarRowDto[];
  @ApiProperty({ type: CalendarRowDto }) totals!: CalendarRowDto;
}

export class StatementDto implements Statement {
  @ApiProperty({ enum: ['monthly', 'yearly'] }) kind!: 'monthly' | 'yearly';
  @ApiProperty({ example: 2025 }) year!: number;
  @ApiProperty({ type: Number, nullable: true, description: '1-12 for a monthly statement' }) month!: number | null;
  @ApiProperty({ type: String, nullable: true, description: "Null: all of the landlord's properties" }) propertyId!: string | null;
  @ApiProperty({ description: "The property's address, or 'All properties'" }) scopeLabel!: string;
  @ApiProperty({ example: 'April 2025' }) periodLabel!: string;
  @ApiProperty({ example: 'Payments made from 11 March to 10 April count as April.' }) periodInWords!: string;
  @ApiProperty({ example: 'America/Chicago' }) timeZone!: string;
  @ApiProperty({ format: 'date-time', description: 'When the statement was made' }) generatedAt!: string;
  @ApiProperty({ type: [StatementRowDto], description: 'Monthly, all properties: one row per property. Otherwise one row per month' })
  rows!: StatementRowDto[];
  @ApiProperty({ type: StatementRowDto }) totals!: StatementRowDto;
  @ApiProperty({ type: [StatementPaymentDto], description: 'Monthly statements list their payments' }) payments!: StatementPaymentDto[];
  @ApiProperty({ type: CalendarYearDto, nullable: true, description: 'Yearly statements: the same money by calendar month of the payment date' })
  calendarYear!: CalendarYearDto | null;
}

export class StatementAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: StatementDto }) statement!: StatementDto;
}

export class StatementSettingsDto implements StatementSettings {
  @ApiProperty({ example: 'America/Chicago' }) timeZone!: string;
  @ApiProperty({ description: 'The time zone used when a landlord has not chosen one' }) defaultTimeZone!: string;
}

export class StatementSettingsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: StatementSettingsDto }) settings!: StatementSettingsDto;
}

export class FinanceYearDto implements FinanceYear {
  @ApiProperty({ example: 2025 }) year!: number;
  @ApiProperty({ description: 'Landlords with payments counted to that year' }) landlords!: number;
}

export class FinanceYearsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [FinanceYearDto], description: 'Newest first' }) years!: FinanceYearDto[];
}

export class FinanceExportDto implements FinanceExportView {
  @ApiProperty({ format: 'uuid' }) exportId!: string;
  @ApiProperty({ example: 2025 }) year!: number;
  @ApiProperty({ enum: FINANCE_EXPORT_FORMATS }) format!: FinanceExportFormat;
  @ApiProperty({ enum: FINANCE_EXPORT_STATUSES }) status!: FinanceExportStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'Null until the worker has counted the landlords in its snapshot' })
  landlordsTotal!: number | null;
  @ApiProperty() landlordsDone!: number;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty() requestedBy!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) byteSize!: number | null;
  @ApiProperty({ type: String, nullable: true }) sha256!: string | null;
  @ApiProperty({ example: 'rentwise-2025-all-landlords.csv' }) fileName!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, in words the reader can act on' }) error!: string | null;
}

export class FinanceExportListAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [FinanceExportDto], description: 'The latest 20, newest first' }) exports!: FinanceExportDto[];
}

export class FinanceExportAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: FinanceExportDto }) export!: FinanceExportDto;
}
