import { Injectable } from '@nestjs/common';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { BankCustomers } from '../bank-accounts/bank-customers';
import { PaymentGateway } from '../gateways/payment-gateway.port';

/**
 * A bank account linked by hand was verified (the tenant confirmed its microdeposits on the
 * provider's page, days after linking it: `setup_intent.succeeded`). The tenant is not on the payment
 * screen then, so the account is saved for them and waits under "Saved accounts" (decision 0038).
 * Replays and a second worker meet on the account's unique payment method.
 */
@Injectable()
export class BankAccountVerifiedHandler {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly customers: BankCustomers,
    private readonly accounts: BankAccounts,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  @HandlesProviderEvent('BankAccountVerified')
  async handle({ accountId, setupIntentId }: ProviderEventOf<'BankAccountVerified'>): Promise<ProviderEventOutcome> {
    const intent = await this.gateway.retrieveSetupIntent(accountId, setupIntentId);
    const bankAccount = intent.bankAccount;
    if (intent.status !== 'succeeded' || !bankAccount?.usable) return { outcome: 'skipped', reason: `SetupIntent is ${intent.status}, with no verified bank account` };
    // An account verified as it was linked is the payment screen's: the tenant chooses there whether to save it.
    if (intent.verification !== 'microdeposits') return { outcome: 'skipped', reason: 'verified as it was linked, on the payment screen' };
    const customerId = intent.customerId ?? bankAccount.customerId;
    const tenantUserId = customerId ? await this.customers.tenantOf(accountId, customerId) : null;
    if (!customerId || !tenantUserId) return { outcome: 'skipped', reason: 'not a customer of ours' };
    return this.unitOfWork.run(async () => {
      const known = await this.accounts.byPaymentMethod(accountId, bankAccount.paymentMethodId);
      if (known && known.tenantUserId !== tenantUserId) return { outcome: 'skipped', reason: 'the account is another tenant’s' };
      await this.accounts.remember({
        tenantUserId,
        provider: this.gateway.name,
        connectedAccountId: accountId,
        paymentMethodId: bankAccount.paymentMethodId,
        bankName: bankAccount.bankName,
        last4: bankAccount.last4,
        saved: true,
        customerId,
      });
      return { outcome: 'done', detail: 'bank account saved for the tenant' };
    });
  }
}
