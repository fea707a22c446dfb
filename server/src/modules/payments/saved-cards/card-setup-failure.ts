import { ConflictException, HttpException, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError, ProviderObjectNotFound } from '../../../infrastructure/providers/provider-errors';

const logger = new Logger('CardSetup');

/** The 402 of a card that could not be saved, in the provider's words when it gave some. */
export const cardNotSaved = (message: string = MESSAGES.cardNotAdded): HttpException => new HttpException(message, HttpStatus.PAYMENT_REQUIRED);

/**
 * What a provider's error while saving a card means for the tenant: the card refused (402, the
 * provider's message), a setup or card the provider does not know there (402), the landlord's account
 * gone (409), anything else a 503 to try again. Nothing is saved in any of these cases.
 */
export function cardSetupFailure(error: unknown): never {
  if (error instanceof CardDeclined) throw cardNotSaved(error.message);
  if (error instanceof ProviderObjectNotFound) throw cardNotSaved();
  if (error instanceof ConnectedAccountNotFound) throw new ConflictException(MESSAGES.savedCardsNotOffered);
  if (error instanceof PaymentGatewayError) {
    logger.error({ err: error }, 'Saving a card failed at the provider');
    throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
  }
  throw error;
}
