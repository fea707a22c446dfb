import { ApiProperty } from '@nestjs/swagger';
import type { JournalKind } from '@rentwise/libs/statements';

/** OpenAPI shapes of the tenant ledger's answers (decision 0039), for the tenant and for the landlord. */

const LINE_KINDS: JournalKind[] = [
  'rent_charge',
  'rent_credit',
  'late_fee',
  'late_fee_waiver',
  'rent_payment',
  'bank_debit_failed',
  'refund',
  'dispute_lost',
  'recorded_payment',
  'recorded_payment_void',
];

export class TenantLedgerLineDto {
  @ApiProperty({ format: 'uuid', description: 'The ledger journal; a payment’s is its receipt id' }) journalId!: string;
  @ApiProperty({
    enum: LINE_KINDS,
    description: 'What moved the balance; late_fee rows are the ones a landlord may waive, recorded_payment rows the ones they may void',
  })
  kind!: JournalKind;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty({ example: '2025-12-01', description: 'The date on the landlord’s calendar (their time zone)' }) date!: string;
  @ApiProperty({ example: 'Rent for December 2025', description: 'What the line is, in words (libs tenantLedgerLineWhat)' }) what!: string;
  @ApiProperty({ description: 'Cents: positive owes more (rent, a fee, a returned payment), negative owes less (a payment, a credit, a waiver)' })
  amountCents!: number;
  @ApiProperty({ description: 'Cents owed after this line; negative is credit' }) balanceCents!: number;
  @ApiProperty({ description: 'True on a late fee a waiver has taken off the balance (it cannot be waived again)' }) waived!: boolean;
  @ApiProperty({ description: 'True on a recorded payment its void has put back on the balance (it cannot be voided again)' }) voided!: boolean;
}

export class TenantLedgerDto {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty() propertyAddress!: string;
  @ApiProperty({ format: 'uuid' }) tenantUserId!: string;
  @ApiProperty() tenantName!: string;
  @ApiProperty({ example: 'America/New_York', description: 'The landlord’s time zone: dates and rent months are read in it' }) timeZone!: string;
  @ApiProperty({ description: 'What the tenant owes now, in cents (as GET /api/tenant/balance); negative is credit' }) balanceCents!: number;
  @ApiProperty({ type: [TenantLedgerLineDto], description: 'Newest first' }) lines!: TenantLedgerLineDto[];
}

export class TenantLedgerAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: TenantLedgerDto }) ledger!: TenantLedgerDto;
}
