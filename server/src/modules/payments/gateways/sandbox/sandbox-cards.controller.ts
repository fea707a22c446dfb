import { Body, Controller, HttpCode, HttpException, HttpStatus, NotFoundException, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { Public } from '../../../../infrastructure/http/public.decorator';
import { ZodPipe } from '../../../../infrastructure/http/zod-body.pipe';
import { SandboxCardRefused, SandboxCards, SandboxPaymentMethod } from './sandbox-cards';
import { CARD_FORM_MESSAGES } from './sandbox-test-cards';

/** The tokenizer path, outside /api: card data never reaches the product's API (docs/decisions/0014-card-data.md). */
export const SANDBOX_PAYMENT_METHODS_PATH = 'sandbox/v1/payment_methods';

const cardEntrySchema = z.strictObject({
  number: z.string({ error: CARD_FORM_MESSAGES.invalidNumber }).max(23, { error: CARD_FORM_MESSAGES.invalidNumber }),
  expMonth: z.coerce.number({ error: CARD_FORM_MESSAGES.invalidExpiryMonth }),
  expYear: z.coerce.number({ error: CARD_FORM_MESSAGES.expiryInPast }),
  cvc: z.string({ error: CARD_FORM_MESSAGES.invalidCvc }).max(4, { error: CARD_FORM_MESSAGES.invalidCvc }),
});

/**
 * The sandbox's stand-in for Stripe.js when no keys are configured: turns a test card into a
 * payment method id, as Stripe's card form does in test mode. Never mounted in production, and
 * it refuses to answer there even if it were.
 */
@ApiExcludeController()
@Public()
@Controller(SANDBOX_PAYMENT_METHODS_PATH)
export class SandboxCardsController {
  constructor(
    private readonly config: AppConfig,
    private readonly cards: SandboxCards,
  ) {}

  @Post()
  @HttpCode(200)
  async createPaymentMethod(
    @Body(new ZodPipe(cardEntrySchema)) entry: z.infer<typeof cardEntrySchema>,
  ): Promise<SandboxPaymentMethod> {
    if (this.config.isProduction) throw new NotFoundException();
    try {
      return await this.cards.createPaymentMethod(entry);
    } catch (error) {
      // 402 with the provider's message, as Stripe answers a card_error.
      if (error instanceof SandboxCardRefused) throw new HttpException(error.message, HttpStatus.PAYMENT_REQUIRED);
      throw error;
    }
  }
}
