import { BadRequestException, Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SANDBOX_BANK_LINK_MESSAGES } from '@rentwise/libs/sandbox-bank-accounts';
import { z } from 'zod';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { Public } from '../../../../infrastructure/http/public.decorator';
import { ZodPipe } from '../../../../infrastructure/http/zod-body.pipe';
import { ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { SandboxBankAccount, SandboxBankDebits, SandboxBankLinkRefused } from './sandbox-bank-debits';

/** The bank link path, outside /api: account and routing numbers never reach the product's API (decision 0038). */
export const SANDBOX_BANK_ACCOUNTS_PATH = 'sandbox/v1/bank_accounts';

const bankAccountEntrySchema = z.strictObject({
  account: z.string().max(255),
  accountHolderName: z.string({ error: SANDBOX_BANK_LINK_MESSAGES.holderName }).max(200, { error: SANDBOX_BANK_LINK_MESSAGES.holderName }),
  routingNumber: z.string({ error: SANDBOX_BANK_LINK_MESSAGES.routingNumber }).max(20, { error: SANDBOX_BANK_LINK_MESSAGES.routingNumber }),
  accountNumber: z.string({ error: SANDBOX_BANK_LINK_MESSAGES.accountNumber }).max(34, { error: SANDBOX_BANK_LINK_MESSAGES.accountNumber }),
  verification: z.enum(['instant', 'microdeposits']),
});

const microdepositsSchema = z.strictObject({
  account: z.string().max(255),
  code: z.string({ error: SANDBOX_BANK_LINK_MESSAGES.wrongCode }).max(12, { error: SANDBOX_BANK_LINK_MESSAGES.wrongCode }),
});

/**
 * The sandbox's stand-in for Stripe's Financial Connections when no keys are configured: turns a
 * test bank account into a payment method id (instantly, or after the microdeposit code), as Stripe
 * does in test mode. Never mounted in production, and it refuses to answer there even if it were.
 */
@ApiExcludeController()
@Public()
@Controller(SANDBOX_BANK_ACCOUNTS_PATH)
export class SandboxBankAccountsController {
  constructor(
    private readonly config: AppConfig,
    private readonly bankDebits: SandboxBankDebits,
  ) {}

  @Post()
  @HttpCode(200)
  link(@Body(new ZodPipe(bankAccountEntrySchema)) entry: z.infer<typeof bankAccountEntrySchema>): Promise<SandboxBankAccount> {
    return this.answer(() => this.bankDebits.link(entry));
  }

  @Post(':id/verify_microdeposits')
  @HttpCode(200)
  verify(@Param('id') id: string, @Body(new ZodPipe(microdepositsSchema)) body: z.infer<typeof microdepositsSchema>): Promise<SandboxBankAccount> {
    return this.answer(() => this.bankDebits.verifyMicrodeposits(id, body.code));
  }

  private async answer(work: () => Promise<SandboxBankAccount>): Promise<SandboxBankAccount> {
    if (this.config.isProduction) throw new NotFoundException();
    try {
      return await work();
    } catch (error) {
      // 400 with the provider's message, as Stripe answers an invalid_request_error.
      if (error instanceof SandboxBankLinkRefused) throw new BadRequestException(error.message);
      if (error instanceof ProviderObjectNotFound) throw new NotFoundException(error.message);
      throw error;
    }
  }
}
