import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { GetReceipt } from '../queries/get-receipt.query';
import { ErrorAnswer, ReceiptAnswer } from './payment-responses';

/** A landlord's receipts of the rent paid to them. */
@ApiTags('payments')
@Controller('landlord/payments')
@Roles('landlord')
export class LandlordPaymentsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':receiptId')
  @ApiOperation({ summary: 'A receipt of a payment to the landlord: the amount received after the dated fee (404 for any other)' })
  @ApiOkResponse({ type: ReceiptAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async receipt(@CurrentUser() landlord: Requester, @Param('receiptId') receiptId: string): Promise<ReceiptAnswer> {
    const receipt = await this.queries.execute(new GetReceipt(receiptId, landlord.userId, 'landlord'));
    if (!receipt) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', receipt };
  }
}
