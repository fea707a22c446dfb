import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { BankPaymentInput, bankPaymentSchema, type SaveBankAccountInput, saveBankAccountSchema } from '@rentwise/libs/schemas/bank-payment.schema';
import { PaymentInput, paymentSchema } from '@rentwise/libs/schemas/payment.schema';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { AuthorizeNetPaymentInput, authorizeNetPaymentSchema } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { RemoveSavedBankAccount } from '../bank-accounts/remove-saved-bank-account.command';
import { SaveBankAccount } from '../contracts/save-bank-account.command';
import { StartBankLink } from '../bank-accounts/start-bank-link.command';
import { PayRent, type RentPaymentRequest } from '../pay-rent/pay-rent.command';
import { GetPaymentSetup } from '../queries/get-payment-setup.query';
import { GetReceipt } from '../queries/get-receipt.query';
import { GetTenantBalance } from '../queries/get-tenant-balance.query';
import { ListTenantPayments } from '../queries/list-tenant-payments.query';
import {
  BankLinkSessionAnswer,
  SavedBankAccountAnswer,
  ErrorAnswer,
  PaymentAnswer,
  PaymentListAnswer,
  TenantBalanceAnswer,
  PaymentSetupAnswer,
  ReceiptAnswer,
} from './payment-responses';
import { ApiIdempotentAnswer, replyIdempotent } from './idempotent-answer';

const bankAccountIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.savedBankAccountNotFound) });

const REPEAT_AND_LIMIT =
  'A second payment for the same home within 10 minutes of another (paid or still going through) under a new key answers 409 with code confirm-repeat and the question to ask, until sent again with confirmRepeat: true. ' +
  'After 5 declined cards in an hour from the tenant or from the network address, payments answer 429 until the hour has passed, without asking the provider.';
const TOO_MANY_DECLINES = 'Too many declined cards in the last hour from this tenant or address: when to try again, also as Retry-After (seconds); nothing sent to the provider';
const CONFIRM_REPEAT_PROPERTY = {
  type: 'boolean',
  description: 'The tenant confirmed paying again within 10 minutes of another payment for the same home (after a 409 confirm-repeat)',
} as const;

/** The signed-in tenant pays rent and reads their payments and receipts. */
@ApiTags('payments')
@Controller('tenant')
@Roles('tenant')
export class TenantPaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('payment-setup')
  @ApiOperation({ summary: 'What the payment screen needs: rent, the fee of the day, the card form to use, whether the landlord can be paid' })
  @ApiOkResponse({ type: PaymentSetupAnswer })
  async setup(@CurrentUser() tenant: Requester): Promise<PaymentSetupAnswer> {
    return { status: 'success', setup: await this.queries.execute(new GetPaymentSetup(tenant.userId, tenant.signedInAt)) };
  }

  @Post('payments')
  @ApiOperation({
    summary: 'Pays rent by card: the entered amount plus the processing fee, charged once per idempotency key',
    description:
      'Card data never comes here: only the payment method id from the card form. A session signed in 30 or more minutes ago is refused (code reauthenticate). ' +
      REPEAT_AND_LIMIT,
  })
  @ApiBody({
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['amountCents', 'paymentMethodId', 'idempotencyKey'],
      properties: {
        amountCents: { type: 'integer', minimum: 1, maximum: 9999999, description: 'Entered amount, fee excluded' },
        paymentMethodId: { type: 'string' },
        idempotencyKey: { type: 'string', format: 'uuid', description: 'One per attempt' },
        confirmRepeat: CONFIRM_REPEAT_PROPERTY,
      },
    },
  })
  @ApiIdempotentAnswer(PaymentAnswer, { doneNow: 'Charged now', sentAgain: 'The same attempt again: the first answer, nothing charged twice' })
  @ApiUnauthorizedResponse({ type: ErrorAnswer, description: 'Sign-in too old: { code: "reauthenticate" }' })
  @ApiResponse({ status: HttpStatus.PAYMENT_REQUIRED, type: ErrorAnswer, description: 'The card was refused: the provider’s message' })
  @ApiConflictResponse({
    type: ErrorAnswer,
    description: 'The landlord cannot take card payments yet, or a payment for this home was made in the last 10 minutes (code confirm-repeat): nothing charged',
  })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'The idempotency key was used with other input' })
  @ApiTooManyRequestsResponse({ type: ErrorAnswer, description: TOO_MANY_DECLINES })
  async pay(
    @CurrentUser() tenant: Requester,
    @Body(new ZodPipe(paymentSchema)) body: PaymentInput,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PaymentAnswer> {
    const { paymentMethodId, ...asked } = body;
    return this.payRent(tenant, request, reply, { ...asked, method: { way: 'stripe_card', paymentMethodId } });
  }

  @Post('payments/direct')
  @ApiOperation({
    summary: 'Pays rent on Authorize.Net (the path keeps its older name, direct): the entered amount ($1 or more) plus the processing fee, once per idempotency key',
    description:
      'Card data never comes here: only the payment nonce from Accept.js (or the sandbox tokenizer), with the card’s brand and last four digits for the charge’s description. A body with a card number, expiry or code is refused (400). ' +
      REPEAT_AND_LIMIT,
  })
  @ApiBody({
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['amountCents', 'paymentNonce', 'card', 'idempotencyKey'],
      properties: {
        amountCents: { type: 'integer', minimum: 100, maximum: 9999999, description: 'Entered amount, fee excluded' },
        paymentNonce: {
          type: 'object',
          additionalProperties: false,
          required: ['dataDescriptor', 'dataValue'],
          properties: { dataDescriptor: { type: 'string' }, dataValue: { type: 'string' } },
        },
        card: {
          type: 'object',
          additionalProperties: false,
          required: ['brand', 'last4'],
          properties: { brand: { type: 'string', enum: ['visa', 'mastercard', 'amex', 'discover', 'unknown'] }, last4: { type: 'string', pattern: '^\\d{4}$' } },
        },
        idempotencyKey: { type: 'string', format: 'uuid', description: 'One per attempt' },
        confirmRepeat: CONFIRM_REPEAT_PROPERTY,
      },
    },
  })
  @ApiIdempotentAnswer(PaymentAnswer, { doneNow: 'Charged now', sentAgain: 'The same attempt again: the first answer, nothing charged twice' })
  @ApiUnauthorizedResponse({ type: ErrorAnswer, description: 'Sign-in too old: { code: "reauthenticate" }' })
  @ApiResponse({ status: HttpStatus.PAYMENT_REQUIRED, type: ErrorAnswer, description: "The gateway refused: 'Error. Check your card information.'" })
  @ApiResponse({ status: HttpStatus.SERVICE_UNAVAILABLE, type: ErrorAnswer, description: "No answer from the gateway: 'Please refresh and try again.'" })
  @ApiConflictResponse({
    type: ErrorAnswer,
    description:
      'The landlord is not on Authorize.Net (or it is not set up), or a payment for this home was made in the last 10 minutes (code confirm-repeat): nothing charged',
  })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'The idempotency key was used with other input' })
  @ApiTooManyRequestsResponse({ type: ErrorAnswer, description: TOO_MANY_DECLINES })
  async payOnAuthorizeNet(
    @CurrentUser() tenant: Requester,
    @Body(new ZodPipe(authorizeNetPaymentSchema)) body: AuthorizeNetPaymentInput,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PaymentAnswer> {
    const { paymentNonce, card, ...asked } = body;
    return this.payRent(tenant, request, reply, { ...asked, method: { way: 'authorize_net_card', paymentNonce, card } });
  }

  @Post('payments/bank')
  @ApiOperation({
    summary: 'Pays rent from a bank account (ACH debit): the entered amount plus the bank fee, debited once per idempotency key',
    description:
      'The account is one just linked (the payment method id from the bank link step) or a saved one; account and routing numbers never come here. ' +
      'The tenant accepts the bank debit authorization of `mandate.version`, which is stored with its text, time, address and browser. ' +
      'The debit is Processing until the bank settles it (about 4 business days); the receipt then says Paid, or Failed with the bank’s reason. ' +
      REPEAT_AND_LIMIT,
  })
  @ApiBody({
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['amountCents', 'bankAccount', 'mandate', 'idempotencyKey'],
      properties: {
        amountCents: { type: 'integer', minimum: 1, maximum: 9999999, description: 'Entered amount, fee excluded' },
        bankAccount: {
          oneOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['paymentMethodId'],
              properties: { paymentMethodId: { type: 'string' }, saveForLater: { type: 'boolean' } },
            },
            { type: 'object', additionalProperties: false, required: ['savedAccountId'], properties: { savedAccountId: { type: 'string', format: 'uuid' } } },
          ],
        },
        mandate: {
          type: 'object',
          additionalProperties: false,
          required: ['accepted', 'version'],
          properties: { accepted: { type: 'boolean', enum: [true] }, version: { type: 'string' } },
        },
        idempotencyKey: { type: 'string', format: 'uuid', description: 'One per attempt' },
        confirmRepeat: CONFIRM_REPEAT_PROPERTY,
      },
    },
  })
  @ApiIdempotentAnswer(PaymentAnswer, {
    doneNow: 'The bank was asked to debit the account: paymentStatus processing',
    sentAgain: 'The same attempt again: the first answer, nothing debited twice',
  })
  @ApiUnauthorizedResponse({ type: ErrorAnswer, description: 'Sign-in too old: { code: "reauthenticate" }' })
  @ApiResponse({ status: HttpStatus.PAYMENT_REQUIRED, type: ErrorAnswer, description: 'The account cannot be debited (blocked after a return, or refused): the reason' })
  @ApiConflictResponse({
    type: ErrorAnswer,
    description: 'The landlord cannot take bank payments, the authorization changed, or a payment for this home was made in the last 10 minutes (code confirm-repeat): nothing debited',
  })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'The idempotency key was used with other input' })
  @ApiTooManyRequestsResponse({ type: ErrorAnswer, description: TOO_MANY_DECLINES })
  async payFromBank(
    @CurrentUser() tenant: Requester,
    @Body(new ZodPipe(bankPaymentSchema)) body: BankPaymentInput,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PaymentAnswer> {
    const { bankAccount, mandate, ...asked } = body;
    const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
    return this.payRent(tenant, request, reply, { ...asked, method: { way: 'stripe_bank_debit', bankAccount, mandate: { ...mandate, userAgent } } });
  }

  @Post('bank-accounts/link-session')
  @ApiOperation({
    summary: 'Starts linking a bank account with Stripe’s Financial Connections: a SetupIntent for the tenant on the landlord’s account',
    description:
      'Stripe.js collects and verifies the account with the client secret (instant verification, microdeposits as the fallback); the payment method it leaves is then paid with on payments/bank. ' +
      'One Stripe customer per tenant and landlord account, made once. The offline sandbox links on its own test bank page instead (409).',
  })
  @ApiCreatedResponse({ type: BankLinkSessionAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'The landlord cannot take bank payments, the tenant has no home to pay for, or this installation runs the sandbox' })
  async startBankLink(@CurrentUser() tenant: Requester): Promise<BankLinkSessionAnswer> {
    return { status: 'success', session: await this.commands.execute(new StartBankLink(tenant.userId)) };
  }

  @Post('bank-accounts')
  @ApiOperation({
    summary: 'Saves a bank account just linked, without paying now (for autopay, or for next time)',
    description: 'The payment method id from the bank link step; the account must be verified. It shows as bank name and last four digits only.',
  })
  @ApiBody({ schema: { type: 'object', required: ['paymentMethodId'], properties: { paymentMethodId: { type: 'string', example: 'pm_1Q...' } } } })
  @ApiCreatedResponse({ type: SavedBankAccountAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'The tenant has no home, or the landlord cannot take bank payments' })
  async saveBankAccount(@CurrentUser() tenant: Requester, @Body(new ZodPipe(saveBankAccountSchema)) body: SaveBankAccountInput): Promise<SavedBankAccountAnswer> {
    const saved = await this.commands.execute(new SaveBankAccount(tenant.userId, body.paymentMethodId));
    return { status: 'success', bankAccount: { id: saved.id, bankName: saved.bankName, last4: saved.last4 } };
  }

  @Delete('bank-accounts/:bankAccountId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Removes a bank account the tenant saved (404 for any other); payments made from it stay as they are' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async removeBankAccount(@CurrentUser() tenant: Requester, @Param('bankAccountId', bankAccountIdPipe) bankAccountId: string): Promise<void> {
    const removed = await this.commands.execute(new RemoveSavedBankAccount(tenant.userId, bankAccountId));
    if (!removed) throw new NotFoundException(MESSAGES.savedBankAccountNotFound);
  }

  @Get('balance')
  @ApiOperation({ summary: 'What the tenant owes, when rent is next due, and their last payment' })
  @ApiOkResponse({ type: TenantBalanceAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async balance(@CurrentUser() tenant: Requester): Promise<TenantBalanceAnswer> {
    const balance = await this.queries.execute(new GetTenantBalance(tenant.userId));
    if (!balance) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', balance };
  }

  @Get('payments')
  @ApiOperation({ summary: 'The tenant’s payments, newest first' })
  @ApiOkResponse({ type: PaymentListAnswer })
  async list(@CurrentUser() tenant: Requester): Promise<PaymentListAnswer> {
    return { status: 'success', rows: await this.queries.execute(new ListTenantPayments(tenant.userId)) };
  }

  @Get('payments/:receiptId')
  @ApiOperation({ summary: 'A receipt of the tenant’s own payment (404 for any other)' })
  @ApiOkResponse({ type: ReceiptAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async receipt(@CurrentUser() tenant: Requester, @Param('receiptId') receiptId: string): Promise<ReceiptAnswer> {
    const receipt = await this.queries.execute(new GetReceipt(receiptId, tenant.userId, 'tenant'));
    if (!receipt) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', receipt };
  }

  /** Either way of paying: 201 for a payment made now, 200 for an attempt's first answer again. */
  private async payRent(tenant: Requester, request: FastifyRequest, reply: FastifyReply, rent: RentPaymentRequest): Promise<PaymentAnswer> {
    const { created, ...payment } = await this.commands.execute(new PayRent(tenant.userId, tenant.signedInAt, rent, request.ip));
    replyIdempotent(reply, created);
    return { status: 'success', payment };
  }
}
