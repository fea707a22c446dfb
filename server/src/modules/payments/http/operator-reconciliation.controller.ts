import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Queue } from 'bullmq';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import {
  ListReconciliationDifferences,
  ReconciliationDifferenceView,
} from '../reconciliation/list-reconciliation-differences.query';
import { RECONCILE_PROVIDER_BALANCES_JOB, RECONCILIATION_QUEUE } from '../reconciliation/reconcile-provider-balances.job';
import { ListDisputedAfterRefund } from '../refund-disputes/list-disputed-after-refund.query';
import { DisputedAfterRefundPayment } from './disputed-after-refund-payment.dto';

class ReconciliationDifference implements ReconciliationDifferenceView {
  @ApiProperty({ format: 'uuid' }) differenceId!: string;
  @ApiProperty({ example: 'stripe' }) provider!: string;
  @ApiProperty({ example: 'acct_1Nx...' }) connectedAccountId!: string;
  @ApiProperty({ enum: ['missing_journal', 'extra_journal', 'amount_differs'] }) kind!: ReconciliationDifferenceView['kind'];
  @ApiProperty({ example: 'refund:acct_1Nx.../re_3Oy...' }) reference!: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'txn_3Oy...' }) balanceTransactionId!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, format: 'uuid' }) ledgerTransactionId!: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, example: -150_699 }) providerAmountCents!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, example: null }) ledgerAmountCents!: number | null;
  @ApiProperty() occurredAt!: string;
  @ApiProperty() firstFoundAt!: string;
  @ApiProperty() lastFoundAt!: string;
}

class ReconciliationAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiPropertyOptional({ type: String, nullable: true, description: 'When the last run finished; null before the first' }) lastRunAt!: string | null;
  @ApiProperty({ type: [ReconciliationDifference] }) differences!: ReconciliationDifference[];
  @ApiProperty({
    type: [DisputedAfterRefundPayment],
    description: 'Refunded and disputed: payments whose dispute opened after a refund and is still open, newest dispute first',
  })
  disputedAfterRefund!: DisputedAfterRefundPayment[];
}

class ReconciliationStarted {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}

/** The operator's view of the daily reconciliation of provider balances with the ledger. */
@ApiTags('payments')
@Controller('operator/reconciliation')
@Roles('operator')
export class OperatorReconciliationController {
  constructor(
    private readonly queries: QueryBus,
    @InjectQueue(RECONCILIATION_QUEUE) private readonly queue: Queue,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Open differences between the provider’s balance transactions and the ledger (missing, extra, different amount), and payments disputed after a refund',
  })
  @ApiOkResponse({ type: ReconciliationAnswer })
  async report(): Promise<ReconciliationAnswer> {
    const [report, disputedAfterRefund] = await Promise.all([
      this.queries.execute(new ListReconciliationDifferences()),
      this.queries.execute(new ListDisputedAfterRefund(null)),
    ]);
    return { status: 'success', ...report, disputedAfterRefund };
  }

  @Post('runs')
  @HttpCode(202)
  @ApiOperation({ summary: 'Run the reconciliation now instead of waiting for the daily run; the page shows its differences when it is done' })
  @ApiAcceptedResponse({ type: ReconciliationStarted })
  async run(): Promise<ReconciliationStarted> {
    await this.queue.add(RECONCILE_PROVIDER_BALANCES_JOB, {}, { removeOnComplete: 30, removeOnFail: 100 });
    return { status: 'success' };
  }
}
