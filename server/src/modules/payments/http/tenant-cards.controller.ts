import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { type SaveCardInput, saveCardSchema } from '@rentwise/libs/schemas/saved-card.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ListSavedCards } from '../saved-cards/list-saved-cards.query';
import { RemoveSavedCard } from '../saved-cards/remove-saved-card.command';
import { SaveCard } from '../saved-cards/save-card.command';
import { StartCardSetup } from '../saved-cards/start-card-setup.command';
import { ErrorAnswer } from './payment-responses';
import { SavedCardDto } from './saved-card.dto';

const savedCardIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.savedCardNotFound) });

class StripeCardSetupDto {
  @ApiProperty({ enum: ['stripe'] }) provider!: 'stripe';
  @ApiProperty({ description: 'For Stripe.js’s confirmCardSetup, on the landlord’s account' }) clientSecret!: string;
  @ApiProperty({ example: 'seti_1Q...', description: 'Sent back to POST /tenant/cards once confirmed' }) setupIntentId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Stripe.js’s key' }) publishableKey!: string | null;
  @ApiProperty({ example: 'acct_1Q...', description: 'Stripe.js’s stripeAccount: the SetupIntent lives on the landlord’s account' }) connectedAccountId!: string;
}

class SandboxCardSetupDto {
  @ApiProperty({ enum: ['sandbox'], description: 'The sandbox’s card form makes the payment method (POST /sandbox/v1/payment_methods)' }) provider!: 'sandbox';
}

class CardSetupAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath(StripeCardSetupDto) }, { $ref: getSchemaPath(SandboxCardSetupDto) }] })
  setup!: StripeCardSetupDto | SandboxCardSetupDto;
}

class SavedCardAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: SavedCardDto }) card!: SavedCardDto;
}

class SavedCardsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [SavedCardDto] }) cards!: SavedCardDto[];
}

/** Cards a tenant saves for autopay, through the provider: card data never comes here (decision 0042). */
@ApiTags('autopay')
@ApiExtraModels(StripeCardSetupDto, SandboxCardSetupDto)
@Controller('tenant/cards')
@Roles('tenant')
export class TenantCardsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('setup')
  @ApiOperation({
    summary: 'Starts saving a card for autopay: a Stripe SetupIntent for payments without the tenant, or the sandbox’s card form',
    description:
      'With Stripe: a SetupIntent (usage off_session) for the tenant’s customer on the landlord’s account (one customer per tenant and account, shared with bank links); ' +
      'Stripe.js confirms it with the card (3-D Secure now, if the bank asks), then its id goes to POST /tenant/cards. ' +
      'In the sandbox: the answer says so, and the sandbox card form makes the payment method whose id goes to POST /tenant/cards.',
  })
  @ApiCreatedResponse({ type: CardSetupAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'The tenant has no home, or the landlord cannot take card payments through Stripe' })
  async setup(@CurrentUser() tenant: Requester): Promise<CardSetupAnswer> {
    return { status: 'success', setup: await this.commands.execute(new StartCardSetup(tenant.userId)) };
  }

  @Post()
  @ApiOperation({
    summary: 'Saves the card the setup step left, for autopay',
    description:
      'The SetupIntent Stripe.js confirmed (Stripe), or the sandbox card form’s payment method. The card is read back from the provider (brand, last four, expiry): ' +
      'it must be saved for payments without the tenant, for the tenant’s own customer on their landlord’s account. Saving it again answers the same card.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      additionalProperties: false,
      description: 'One of the two',
      properties: { setupIntentId: { type: 'string', example: 'seti_1Q...' }, paymentMethodId: { type: 'string', example: 'pm_sandbox_...' } },
    },
  })
  @ApiCreatedResponse({ type: SavedCardAnswer })
  @ApiResponse({ status: HttpStatus.PAYMENT_REQUIRED, type: ErrorAnswer, description: 'The card was not saved: refused by its bank (the provider’s message), unknown, someone else’s or not set up for later' })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'The tenant has no home, or the landlord cannot take card payments through Stripe' })
  async save(@CurrentUser() tenant: Requester, @Body(new ZodPipe(saveCardSchema)) body: SaveCardInput): Promise<SavedCardAnswer> {
    const setup = body.setupIntentId ? { setupIntentId: body.setupIntentId } : { paymentMethodId: body.paymentMethodId as string };
    return { status: 'success', card: await this.commands.execute(new SaveCard(tenant.userId, setup)) };
  }

  @Get()
  @ApiOperation({ summary: 'The cards the tenant saved on their landlord’s account, newest first' })
  @ApiOkResponse({ type: SavedCardsAnswer })
  async list(@CurrentUser() tenant: Requester): Promise<SavedCardsAnswer> {
    return { status: 'success', cards: await this.queries.execute(new ListSavedCards(tenant.userId)) };
  }

  @Delete(':savedCardId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Removes a card the tenant saved (404 for any other); refused while autopay pays with it; payments made with it stay as they are' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Autopay pays with this card: change autopay’s card or turn it off first' })
  async remove(@CurrentUser() tenant: Requester, @Param('savedCardId', savedCardIdPipe) savedCardId: string): Promise<void> {
    const removed = await this.commands.execute(new RemoveSavedCard(tenant.userId, savedCardId));
    if (!removed) throw new NotFoundException(MESSAGES.savedCardNotFound);
  }
}
