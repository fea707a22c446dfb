import { Body, Controller, Get, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { REFUND_REASON_MAX_LENGTH } from '@rentwise/libs/refunds';
import { type RefundInput, refundSchema } from '@rentwise/libs/schemas/refund.schema';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { GetReceipt } from '../queries/get-receipt.query';
import { RefundPayment, type RefundSent } from '../refunds/refund-payment.command';
import { ApiIdempotentAnswer, replyIdempotent } from './idempotent-answer';
import { ErrorAnswer, ReceiptAnswer } from './payment-responses';

class RefundDto implements RefundSent {
  @ApiProperty({ format: 'uuid' }) refundId!: string;
  @ApiProperty({ format: 'uuid', description: 'The refunded payment’s receipt' }) receiptId!: string;
  @ApiProperty({ example: 10_000 }) amountCents!: number;
  @ApiProperty({ enum: ['refund', 'void'], description: 'void: an Authorize.Net payment not yet settled, voided in full' }) way!: 'refund' | 'void';
  @ApiProperty({ enum: ['succeeded', 'pending'], description: 'pending: the provider is still sending it' }) status!: 'succeeded' | 'pending';
  @ApiProperty({ description: 'False when this idempotency key sent the refund before: nothing refunded twice' }) created!: boolean;
}

export class RefundAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: RefundDto }) refund!: RefundDto;
}

/** A landlord's receipts of the rent paid to them, and refunds from them. */
@ApiTags('payments')
@Controller('landlord/payments')
@Roles('landlord')
export class LandlordPaymentsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get(':receiptId')
  @ApiOperation({ summary: 'A receipt of a payment to the landlord: the amount received after the dated fee (404 for any other)' })
  @ApiOkResponse({ type: ReceiptAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async receipt(@CurrentUser() landlord: Requester, @Param('receiptId') receiptId: string): Promise<ReceiptAnswer> {
    const receipt = await this.queries.execute(new GetReceipt(receiptId, landlord.userId, 'landlord'));
    if (!receipt) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', receipt };
  }

  @Post(':receiptId/refunds')
  @ApiOperation({
    summary: 'Refunds all or part of a payment to the tenant, with a reason, once per idempotency key (decision 0044)',
    description:
      'Out of the landlord’s balance: our platform fee and the processor’s fee are not returned. An Authorize.Net payment not yet settled is voided, in full only; a bank payment is refunded once it settled. The tenant is emailed.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['amountCents', 'reason', 'idempotencyKey'],
      properties: {
        amountCents: { type: 'integer', minimum: 1, maximum: 9999999, description: 'At most what is left to refund (the receipt’s refundOption.leftCents)' },
        reason: { type: 'string', maxLength: REFUND_REASON_MAX_LENGTH, description: 'Shown to the tenant in the email and on both receipts' },
        idempotencyKey: { type: 'string', format: 'uuid', description: 'One per refund confirmed' },
      },
    },
  })
  @ApiIdempotentAnswer(RefundAnswer, { doneNow: 'Refunded now', sentAgain: 'The same key again: the first answer, nothing refunded twice' })
  @ApiBadRequestResponse({ type: ErrorAnswer, description: 'More than is left to refund (the message says how much is left), or a field to put right' })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not a payment to this landlord' })
  @ApiConflictResponse({
    type: ErrorAnswer,
    description: 'Cannot be refunded now: a bank payment not settled, a failed, disputed or recorded payment, nothing left, part of an Authorize.Net payment before settlement, or the processor refused',
  })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'The idempotency key was used with other input' })
  @ApiServiceUnavailableResponse({ type: ErrorAnswer, description: 'The processor did not answer: send the same key again' })
  async refund(
    @CurrentUser() landlord: Requester,
    @Param('receiptId') receiptId: string,
    @Body(new ZodPipe(refundSchema)) body: RefundInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RefundAnswer> {
    const refund = await this.commands.execute(new RefundPayment(landlord.userId, receiptId, body));
    replyIdempotent(reply, refund.created);
    return { status: 'success', refund };
  }
}
