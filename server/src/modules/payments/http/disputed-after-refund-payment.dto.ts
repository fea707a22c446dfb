import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DisputedAfterRefundPaymentView } from '../refund-disputes/list-disputed-after-refund.query';

/** OpenAPI shape of a payment disputed after a refund, on the landlord's Payouts page and the operator's reconciliation. */
export class DisputedAfterRefundPayment implements DisputedAfterRefundPaymentView {
  @ApiProperty({ format: 'uuid', description: 'The payment’s receipt' }) receiptId!: string;
  @ApiProperty({ format: 'date-time' }) paidAt!: string;
  @ApiProperty({ example: 150_699 }) chargedCents!: number;
  @ApiProperty({ format: 'uuid' }) landlordUserId!: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Lena Landlord' }) landlordName!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Sam Rivera' }) tenantName!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '123 Main St, Apt 2, Springfield, IL 62704' }) propertyAddress!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'acct_1Nx...' }) connectedAccountId!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ch_3Oy...' }) chargeId!: string | null;
  @ApiProperty({ example: 150_699, description: 'Refunded before the dispute opened' }) refundedCents!: number;
  @ApiProperty({ format: 'date-time', description: 'When the last refund before the dispute was made' }) refundedAt!: string;
  @ApiProperty({ format: 'date-time' }) disputeOpenedAt!: string;
  @ApiProperty({ example: 150_699, description: 'What the dispute holds from the landlord until it closes' }) disputedCents!: number;
  @ApiProperty({ example: 150_699, description: 'What the card holder would get back twice if the dispute is lost' }) atRiskCents!: number;
}
