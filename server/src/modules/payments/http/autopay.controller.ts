import { Body, Controller, Delete, Get, NotFoundException, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { type AutopaySettingsInput, type AutopaySkipInput, autopaySettingsSchema, autopaySkipSchema } from '@rentwise/libs/schemas/autopay.schema';
import { FastifyRequest } from 'fastify';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { GetAutopay } from '../autopay/get-autopay.query';
import { ListLandlordAutopay } from '../autopay/list-landlord-autopay.query';
import { SetAutopay } from '../contracts/set-autopay.command';
import { SkipAutopayMonth } from '../autopay/skip-autopay-month.command';
import { TurnOffAutopay } from '../autopay/turn-off-autopay.command';
import { ErrorAnswer } from './payment-responses';
import { SavedCardDto } from './saved-card.dto';

class AutopayAmountDto {
  @ApiProperty({ enum: ['balance', 'fixed'], description: 'balance: what is due on the day; fixed: `cents`, or what is due when less' }) kind!: 'balance' | 'fixed';
  @ApiPropertyOptional({ example: 185_000 }) cents?: number;
}

class AutopaySettingsDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The bank account autopay pays from; null when it pays by card (see `method`)' })
  savedBankAccountId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'STRIPE TEST BANK', description: 'Null when autopay pays by card' }) bankName!: string | null;
  @ApiProperty({ example: '6789', description: 'The bank account’s or card’s last four digits' }) last4!: string;
  @ApiProperty({ minimum: 0, maximum: 12, description: 'How many days before the due day the payment runs' }) daysBeforeDue!: number;
  @ApiProperty({ type: AutopayAmountDto }) amount!: AutopayAmountDto;
}

class AutopayNextDto {
  @ApiProperty({ example: '2027-01', description: 'The rent’s month' }) period!: string;
  @ApiProperty({ format: 'date-time' }) debitAt!: string;
  @ApiProperty({ example: 185_000, description: 'Today’s estimate: the amount is worked out on the day' }) estimatedCents!: number;
  @ApiProperty() skipped!: boolean;
}

class MandateTermsDto {
  @ApiProperty() version!: string;
  @ApiProperty() tenantName!: string;
  @ApiProperty() landlordName!: string;
  @ApiProperty() propertyAddress!: string;
}

class SavedBankAccountDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() bankName!: string;
  @ApiProperty() last4!: string;
}

class BankLinkSetupDto {
  @ApiProperty({ enum: ['sandbox', 'stripe'], description: 'How an account is linked: the sandbox’s stand-in page, or Stripe’s Financial Connections' })
  linkWith!: 'sandbox' | 'stripe';
  @ApiProperty({ type: String, nullable: true, description: 'Stripe.js publishable key; null for the sandbox' }) publishableKey!: string | null;
  @ApiProperty({ description: 'The landlord’s connected account (Stripe.js stripeAccount option)' }) connectedAccountId!: string;
}

class AutopayBankAccountMethodDto {
  @ApiProperty({ enum: ['bank_account'] }) kind!: 'bank_account';
  @ApiProperty({ format: 'uuid' }) savedBankAccountId!: string;
  @ApiProperty({ example: 'STRIPE TEST BANK' }) bankName!: string;
  @ApiProperty({ example: '6789' }) last4!: string;
}

class AutopayCardMethodDto {
  @ApiProperty({ enum: ['card'] }) kind!: 'card';
  @ApiProperty({ format: 'uuid' }) savedCardId!: string;
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
}

class AutopayRunDto {
  @ApiProperty({ example: '2027-01' }) period!: string;
  @ApiProperty({ enum: [1, 2] }) attempt!: number;
  @ApiProperty() amountCents!: number;
  @ApiProperty({ enum: ['started', 'processing', 'succeeded', 'failed', 'declined', 'nothing_due', 'skipped', 'not_offered'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) failureMessage!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class AutopayDto {
  @ApiProperty() isOn!: boolean;
  @ApiProperty({ description: 'Whether the landlord can take bank debits (autopay can run from a bank account)' }) offered!: boolean;
  @ApiProperty({ description: 'Whether the landlord can take card payments through Stripe (autopay can run from a saved card)' }) cardOffered!: boolean;
  @ApiProperty({ type: AutopaySettingsDto, nullable: true }) settings!: AutopaySettingsDto | null;
  @ApiProperty({
    nullable: true,
    oneOf: [{ $ref: getSchemaPath(AutopayBankAccountMethodDto) }, { $ref: getSchemaPath(AutopayCardMethodDto) }],
    description: 'What autopay pays from, kept while off; null with no settings',
  })
  method!: AutopayBankAccountMethodDto | AutopayCardMethodDto | null;
  @ApiProperty({ enum: ['tenant', 'failures', 'account_blocked'], nullable: true }) turnedOffReason!: string | null;
  @ApiProperty({ type: AutopayNextDto, nullable: true }) next!: AutopayNextDto | null;
  @ApiProperty() dueDay!: number;
  @ApiProperty({ example: 'America/New_York' }) timeZone!: string;
  @ApiProperty({ description: 'The bank fee added to each automatic payment from a bank account' }) bankFeeCents!: number;
  @ApiProperty({ example: 699, description: 'The card processing fee added to each automatic payment by card' }) cardFeeCents!: number;
  @ApiProperty({ type: MandateTermsDto }) mandateTerms!: MandateTermsDto;
  @ApiProperty({ type: [SavedBankAccountDto] }) savedBankAccounts!: SavedBankAccountDto[];
  @ApiProperty({ type: [SavedCardDto], description: 'Cards saved for autopay (POST /api/tenant/cards), newest first' }) savedCards!: SavedCardDto[];
  @ApiProperty({
    type: BankLinkSetupDto,
    nullable: true,
    description: 'Linking an account here (then POST /api/tenant/bank-accounts saves it); null when autopay is not offered',
  })
  bankLink!: BankLinkSetupDto | null;
  @ApiProperty({ type: [AutopayRunDto] }) recentPayments!: AutopayRunDto[];
}

class AutopayAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiPropertyOptional() message?: string;
  @ApiProperty({ type: AutopayDto }) autopay!: AutopayDto;
}

class LandlordAutopayRowDto {
  @ApiProperty({ format: 'uuid' }) tenantUserId!: string;
  @ApiProperty() isOn!: boolean;
  @ApiProperty({ type: AutopayRunDto, nullable: true }) lastPayment!: AutopayRunDto | null;
}

class LandlordAutopayAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [LandlordAutopayRowDto] }) tenants!: LandlordAutopayRowDto[];
}

/** The tenant's autopay (decision 0042). */
@ApiTags('autopay')
@ApiExtraModels(AutopayBankAccountMethodDto, AutopayCardMethodDto)
@Controller('tenant/autopay')
@Roles('tenant')
export class TenantAutopayController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The tenant’s autopay: on or off, its settings, the next automatic payment and the last ones' })
  @ApiOkResponse({ type: AutopayAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'The tenant has no home' })
  async get(@CurrentUser() tenant: Requester, message?: string): Promise<AutopayAnswer> {
    const autopay = await this.queries.execute(new GetAutopay(tenant.userId));
    if (!autopay) throw new NotFoundException(MESSAGES.noTenancyToPay);
    return { status: 'success', ...(message ? { message } : {}), autopay: autopay as AutopayDto };
  }

  @Put()
  @ApiOperation({
    summary: 'Turns autopay on, or changes it, from a saved bank account or a saved card',
    description:
      'What it pays from is `method` (a saved bank account, or a card saved with POST /api/tenant/cards, charged without the tenant with the card processing fee added), ' +
      'or `savedBankAccountId` alone as before: exactly one of the two. ' +
      'The tenant accepts the standing authorization of `mandate.version` for that account or card (autopayMandateText, autopayCardAuthorizationText), rendered by the server from these settings and stored with its time, address and browser.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['daysBeforeDue', 'amount', 'mandate'],
      properties: {
        savedBankAccountId: { type: 'string', format: 'uuid', description: 'A saved bank account: the same as method { kind: bank_account }' },
        method: {
          oneOf: [
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'savedBankAccountId'],
              properties: { kind: { type: 'string', enum: ['bank_account'] }, savedBankAccountId: { type: 'string', format: 'uuid' } },
            },
            {
              type: 'object',
              additionalProperties: false,
              required: ['kind', 'savedCardId'],
              properties: { kind: { type: 'string', enum: ['card'] }, savedCardId: { type: 'string', format: 'uuid' } },
            },
          ],
        },
        daysBeforeDue: { type: 'integer', minimum: 0, maximum: 12 },
        amount: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['balance', 'fixed'] }, cents: { type: 'integer', minimum: 100 } } },
        mandate: { type: 'object', required: ['accepted', 'version'], properties: { accepted: { type: 'boolean', enum: [true] }, version: { type: 'string' } } },
      },
    },
  })
  @ApiOkResponse({ type: AutopayAnswer })
  @ApiConflictResponse({
    type: ErrorAnswer,
    description: 'No such saved bank account or card of the tenant’s on the landlord’s account, the landlord cannot take bank debits (or cards), or the authorization changed',
  })
  async set(@CurrentUser() tenant: Requester, @Body(new ZodPipe(autopaySettingsSchema)) body: AutopaySettingsInput, @Req() request: FastifyRequest): Promise<AutopayAnswer> {
    await this.commands.execute(new SetAutopay(tenant.userId, body, request.ip, request.headers['user-agent']?.slice(0, 512) ?? null));
    return this.get(tenant, MESSAGES.autopayOn);
  }

  @Delete()
  @ApiOperation({ summary: 'Turns autopay off; an automatic payment already started goes on' })
  @ApiOkResponse({ type: AutopayAnswer })
  async turnOff(@CurrentUser() tenant: Requester): Promise<AutopayAnswer> {
    await this.commands.execute(new TurnOffAutopay(tenant.userId));
    return this.get(tenant, MESSAGES.autopayOff);
  }

  @Put('skip')
  @ApiOperation({ summary: 'Skips the next automatic payment (its rent month, 2027-01) before it starts, or takes the skip back' })
  @ApiBody({
    schema: { type: 'object', required: ['month', 'skip'], properties: { month: { type: 'string', example: '2027-01' }, skip: { type: 'boolean' } } },
  })
  @ApiOkResponse({ type: AutopayAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Autopay is off, or that month is not the next one ahead' })
  async skip(@CurrentUser() tenant: Requester, @Body(new ZodPipe(autopaySkipSchema)) body: AutopaySkipInput): Promise<AutopayAnswer> {
    await this.commands.execute(new SkipAutopayMonth(tenant.userId, body.month, body.skip));
    return this.get(tenant, body.skip ? MESSAGES.autopayMonthSkipped : MESSAGES.autopayMonthRestored);
  }
}

/** Who of the landlord's tenants is on autopay (decision 0042). */
@ApiTags('autopay')
@Controller('landlord/autopay')
@Roles('landlord')
export class LandlordAutopayController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Each tenant of the landlord who set up autopay: on or off, and their last automatic payment' })
  @ApiOkResponse({ type: LandlordAutopayAnswer })
  async list(@CurrentUser() landlord: Requester): Promise<LandlordAutopayAnswer> {
    return { status: 'success', tenants: (await this.queries.execute(new ListLandlordAutopay(landlord.userId))) as LandlordAutopayRowDto[] };
  }
}
