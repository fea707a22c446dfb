import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { ProviderObjectNotFound } from '../../../infrastructure/providers/provider-errors';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import type { Payee } from '../pay-rent/payment-way';
import { BankAccounts, type LinkedAccount } from './bank-accounts';

const bankAccountRefused = (message: string): HttpException => new HttpException(message, HttpStatus.PAYMENT_REQUIRED);

/** Accounts a tenant has just linked through the provider's flow, taken in as ours (decision 0038). */
@Injectable()
export class LinkedBankAccounts {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly accounts: BankAccounts,
  ) {}

  /**
   * The payment method just linked on the landlord's account, remembered (and saved when asked), as
   * the provider describes it: never one a return blocked, another tenant's, one the provider does not
   * know or one not verified yet.
   */
  async adopt(tenantUserId: string, payee: Payee, paymentMethodId: string, save: boolean): Promise<LinkedAccount> {
    const known = await this.accounts.byPaymentMethod(payee.accountId, paymentMethodId);
    if (known?.blocked) throw bankAccountRefused(MESSAGES.bankAccountBlocked);
    if (known && known.tenantUserId !== tenantUserId) throw bankAccountRefused(MESSAGES.bankAccountNotLinked);
    // Paid from before (only a usable account is remembered): a retried or repeated payment does not ask the provider again.
    if (known && (known.saved || !save)) return known;
    const linked = await this.gateway.retrieveBankAccount(payee.accountId, paymentMethodId).catch((error: unknown) => {
      if (error instanceof ProviderObjectNotFound) throw bankAccountRefused(MESSAGES.bankAccountNotLinked);
      throw error;
    });
    if (!linked.usable) throw bankAccountRefused(MESSAGES.bankAccountNotVerified);
    return this.accounts.remember({
      tenantUserId,
      provider: payee.provider,
      connectedAccountId: payee.accountId,
      paymentMethodId: linked.paymentMethodId,
      bankName: linked.bankName,
      last4: linked.last4,
      saved: save,
      customerId: linked.customerId,
    });
  }
}
