import { Injectable } from '@nestjs/common';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Mandates } from '../bank-accounts/mandates';
import { PaymentGateway } from '../gateways/payment-gateway.port';

/**
 * A bank debit's mandate changed (`mandate.updated`): re-read, and when the provider made it inactive
 * (revoked at the bank, or the account closed), our record of it says so too.
 */
@Injectable()
export class MandateChangedHandler {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly mandates: Mandates,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  @HandlesProviderEvent('MandateChanged')
  async handle({ accountId, mandateId }: ProviderEventOf<'MandateChanged'>): Promise<ProviderEventOutcome> {
    const mandate = await this.gateway.retrieveMandate(accountId, mandateId);
    if (mandate.status !== 'inactive') return { outcome: 'skipped', reason: `mandate is ${mandate.status}` };
    const changed = await this.unitOfWork.run(() => this.mandates.markInactive(accountId, mandateId));
    return changed ? { outcome: 'done', detail: 'mandate made inactive' } : { outcome: 'skipped', reason: 'not a mandate of ours, or inactive already' };
  }
}
