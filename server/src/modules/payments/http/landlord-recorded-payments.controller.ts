import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { RECORDED_PAYMENT_METHODS, RECORDED_PAYMENT_REFERENCE_MAX_LENGTH, VOID_REASON_MAX_LENGTH } from '@rentwise/libs/recorded-payments';
import {
  type RecordedPaymentInput,
  recordedPaymentSchema,
  type RecordedPaymentVoidInput,
  recordedPaymentVoidSchema,
} from '@rentwise/libs/schemas/recorded-payment.schema';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { PaymentReceivedRecorded, RecordPaymentReceived } from '../recorded-payments/record-payment-received.command';
import { RecordedPaymentVoided, VoidRecordedPayment } from '../recorded-payments/void-recorded-payment.command';
import { ApiIdempotentAnswer, replyIdempotent } from './idempotent-answer';
import { ErrorAnswer } from './payment-responses';

class RecordedPaymentDto implements PaymentReceivedRecorded {
  @ApiProperty({ format: 'uuid', description: 'The payment’s receipt (its ledger journal), for the landlord and the tenant' }) receiptId!: string;
  @ApiProperty({ description: 'False when this idempotency key recorded the payment before: nothing recorded twice' }) created!: boolean;
}

export class RecordedPaymentAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: RecordedPaymentDto }) payment!: RecordedPaymentDto;
}

class RecordedPaymentVoidDto implements RecordedPaymentVoided {
  @ApiProperty({ format: 'uuid', description: 'The void’s journal (a new line of the tenant’s ledger)' }) voidJournalId!: string;
  @ApiProperty({ format: 'uuid' }) receiptId!: string;
  @ApiProperty({ example: 150_000, description: 'What the void put back on the tenant’s balance' }) amountCents!: number;
}

export class RecordedPaymentVoidAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: RecordedPaymentVoidDto }) void!: RecordedPaymentVoidDto;
}

/**
 * Rent a tenant paid the landlord outside Rentwise (decision 0043): recorded with how it was paid,
 * voided with a reason as a new journal, never edited or deleted. Anyone else's tenant or payment
 * answers 404, like an unknown id.
 */
@ApiTags('payments')
@Controller('landlord/recorded-payments')
@Roles('landlord')
export class LandlordRecordedPaymentsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({
    summary: 'Records rent the tenant paid outside Rentwise (cash, check, money order, other), once per idempotency key',
    description:
      'It counts in the tenant’s balance, both ledgers, the statements and the finance export from the day received (its billing month by the 10th-of-month cut-off), marked as recorded by the landlord; never in payouts or reconciliation.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['propertyId', 'tenantUserId', 'receivedOn', 'amount', 'method', 'idempotencyKey'],
      properties: {
        propertyId: { type: 'string', format: 'uuid' },
        tenantUserId: { type: 'string', format: 'uuid' },
        receivedOn: { type: 'string', format: 'date', description: 'The day received on the landlord’s calendar: not after today, not before the tenant moved in' },
        amount: { oneOf: [{ type: 'string', example: '1,500.00' }, { type: 'number', example: 1500 }], description: 'Dollars, as typed: $0.01 to $99,999.99' },
        method: { type: 'string', enum: [...RECORDED_PAYMENT_METHODS] },
        reference: { type: 'string', maxLength: RECORDED_PAYMENT_REFERENCE_MAX_LENGTH, description: 'The check number (required for a check), a money order’s number, a note' },
        idempotencyKey: { type: 'string', format: 'uuid', description: 'One per payment recorded' },
      },
    },
  })
  @ApiIdempotentAnswer(RecordedPaymentAnswer, { doneNow: 'Recorded now', sentAgain: 'The same key again: the first answer, nothing recorded twice' })
  @ApiBadRequestResponse({ type: ErrorAnswer, description: 'A field to put right: the date (in the future, before the move-in), the amount, a check without its number' })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not the landlord’s property, or the tenant never lived there' })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'The idempotency key was used with other input' })
  async record(
    @CurrentUser() landlord: Requester,
    @Body(new ZodPipe(recordedPaymentSchema)) body: RecordedPaymentInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecordedPaymentAnswer> {
    const payment = await this.commands.execute(new RecordPaymentReceived(landlord.userId, body));
    replyIdempotent(reply, payment.created);
    return { status: 'success', payment };
  }

  @Post(':receiptId/void')
  @HttpCode(200)
  @ApiOperation({ summary: 'Voids a payment the landlord recorded, with a reason: a new ledger line puts it back on the tenant’s balance' })
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string', maxLength: VOID_REASON_MAX_LENGTH } } } })
  @ApiOkResponse({ type: RecordedPaymentVoidAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not a payment this landlord recorded' })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Already voided' })
  async void(
    @CurrentUser() landlord: Requester,
    @Param('receiptId') receiptId: string,
    @Body(new ZodPipe(recordedPaymentVoidSchema)) body: RecordedPaymentVoidInput,
  ): Promise<RecordedPaymentVoidAnswer> {
    return { status: 'success', void: await this.commands.execute(new VoidRecordedPayment(landlord.userId, receiptId, body.reason)) };
  }
}
