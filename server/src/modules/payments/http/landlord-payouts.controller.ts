import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ListLandlordPayouts, PayoutLineView, PayoutView } from '../payouts/list-landlord-payouts.query';
import { DisputedAfterRefundPayment } from './disputed-after-refund-payment.dto';

class PayoutLine implements PayoutLineView {
  @ApiProperty({ example: 'payment' }) kind!: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Sam Rivera' }) tenantName!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '123 Main St, Apt 2, Springfield, IL 62704' }) propertyAddress!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Visa •••• 4242', description: "How the payment was paid: a card, or 'Bank payment •••• 6789'" })
  paidWith!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: ['card', 'bank_debit'] }) method!: 'card' | 'bank_debit' | null;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'uuid', description: "The rent payment's receipt, when the line is about one" })
  receiptId!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'March 2024' }) month!: string | null;
  @ApiProperty({ example: 145_630 }) amountCents!: number;
  @ApiProperty({ example: 150_699 }) grossCents!: number;
  @ApiProperty({ example: 5_069 }) feeCents!: number;
  @ApiProperty({ example: '2024-03-05T15:00:00.000Z' }) occurredAt!: string;
  @ApiProperty({ description: 'The line is about a payment refunded, then disputed, whose dispute is still open' })
  disputedAfterRefund!: boolean;
}

class Payout implements PayoutView {
  @ApiProperty({ example: 'po_1Nx...' }) payoutId!: string;
  @ApiProperty({ example: 145_630 }) amountCents!: number;
  @ApiProperty({ enum: ['pending', 'in_transit', 'paid', 'failed', 'canceled'] }) status!: PayoutView['status'];
  @ApiProperty() initiatedAt!: string;
  @ApiProperty() expectedArrivalAt!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) paidAt!: string | null;
  @ApiProperty({ type: [PayoutLine] }) lines!: PayoutLine[];
}

class PayoutsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [Payout] }) payouts!: Payout[];
  @ApiProperty({
    type: [DisputedAfterRefundPayment],
    description: 'Payments refunded, then disputed, whose dispute is open (paid out or not yet): each needs an answer',
  })
  disputedAfterRefund!: DisputedAfterRefundPayment[];
}

/** A landlord's bank deposits and what each is made of, to match against a bank statement line. */
@ApiTags('payments')
@Controller('landlord/payouts')
@Roles('landlord')
export class LandlordPayoutsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: "The landlord's payouts, newest first: total, dates, and one line per payment, refund, dispute or fee" })
  @ApiOkResponse({ type: PayoutsAnswer })
  async list(@CurrentUser() landlord: Requester): Promise<PayoutsAnswer> {
    return { status: 'success', ...(await this.queries.execute(new ListLandlordPayouts(landlord.userId))) };
  }
}
