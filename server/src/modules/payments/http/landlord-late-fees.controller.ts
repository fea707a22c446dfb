import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { LateFeeWaiverInput, lateFeeWaiverSchema } from '@rentwise/libs/schemas/rent-terms.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { LateFeeWaived, WaiveLateFee } from '../charges/waive-late-fee.command';
import { ErrorAnswer } from './payment-responses';

class LateFeeWaiverDto implements LateFeeWaived {
  @ApiProperty({ format: 'uuid', description: 'The waiver’s journal (a line of the tenant’s ledger)' }) waiverJournalId!: string;
  @ApiProperty({ format: 'uuid' }) lateFeeJournalId!: string;
  @ApiProperty({ example: 5_000, description: 'What the waiver took off the tenant’s balance' }) amountCents!: number;
}

export class LateFeeWaiverAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: LateFeeWaiverDto }) waiver!: LateFeeWaiverDto;
}

/** A landlord's late fees (decision 0040): waived with a reason, as a new journal naming the fee. */
@ApiTags('payments')
@Controller('landlord/late-fees')
@Roles('landlord')
export class LandlordLateFeesController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':journalId/waiver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Waives a late fee charged to one of the landlord’s tenants; the reason shows on both ledgers' })
  @ApiOkResponse({ type: LateFeeWaiverAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not a late fee of the landlord’s tenant' })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Already waived' })
  async waive(
    @CurrentUser() landlord: Requester,
    @Param('journalId') journalId: string,
    @Body(new ZodPipe(lateFeeWaiverSchema)) body: LateFeeWaiverInput,
  ): Promise<LateFeeWaiverAnswer> {
    return { status: 'success', waiver: await this.commands.execute(new WaiveLateFee(landlord.userId, journalId, body.reason)) };
  }
}
