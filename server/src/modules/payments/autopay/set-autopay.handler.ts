import { ConflictException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AUTOPAY_MANDATE_VERSION, autopayMandateText } from '@rentwise/libs/autopay';
import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { DEFAULT_RENT_DUE_DAY } from '@rentwise/libs/rent-charges';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { Mandates } from '../bank-accounts/mandates';
import { TenantBankDebitContexts } from '../bank-accounts/tenant-bank-debit-contexts';
import { AutopayPlans } from './autopay-plans';
import { SetAutopay } from '../contracts/set-autopay.command';

@CommandHandler(SetAutopay)
export class SetAutopayHandler implements ICommandHandler<SetAutopay> {
  constructor(
    private readonly contexts: TenantBankDebitContexts,
    private readonly plans: AutopayPlans,
    private readonly accounts: BankAccounts,
    private readonly mandates: Mandates,
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ tenantUserId, settings, clientAddress, userAgent }: SetAutopay): Promise<void> {
    if (settings.mandate.version !== AUTOPAY_MANDATE_VERSION) throw new ConflictException(MESSAGES.autopayMandateOutdated);
    const context = await this.contexts.of(tenantUserId);
    if (!context) throw new NotFoundException(MESSAGES.noTenancyToPay);
    const { tenancy, payee } = context;
    if (!payee) throw new ConflictException(MESSAGES.autopayNotOffered);
    const account = await this.accounts.ofTenant(tenantUserId, settings.savedBankAccountId);
    if (!account || !account.saved || account.connectedAccountId !== payee.accountId) throw new ConflictException(MESSAGES.autopayNeedsBankAccount);
    if (account.blocked) throw new HttpException(MESSAGES.bankAccountBlocked, HttpStatus.PAYMENT_REQUIRED);
    const [users, terms] = await Promise.all([
      this.queries.execute(new GetUsers([tenantUserId, tenancy.landlordUserId])),
      this.queries.execute(new GetRentTerms([tenancy.propertyId])),
    ]);
    const nameOf = (userId: string): string => {
      const user = users.get(userId);
      return user ? `${user.firstName} ${user.lastName}` : 'the account holder';
    };
    const now = this.clock.now();
    await this.unitOfWork.run(async () => {
      const mandateId = await this.mandates.accept({
        idempotencyKey: `autopay:${randomUUID()}`,
        tenantUserId,
        landlordUserId: tenancy.landlordUserId,
        provider: payee.provider,
        connectedAccountId: payee.accountId,
        paymentMethodId: account.paymentMethodId,
        version: AUTOPAY_MANDATE_VERSION,
        text: autopayMandateText({
          tenantName: nameOf(tenantUserId),
          landlordName: nameOf(tenancy.landlordUserId),
          propertyAddress: tenancy.propertyAddress,
          bankName: account.bankName,
          last4: account.last4,
          amount: settings.amount,
          daysBeforeDue: settings.daysBeforeDue,
          dueDay: terms.get(tenancy.propertyId)?.dueDay ?? DEFAULT_RENT_DUE_DAY,
        }),
        acceptedAt: now,
        clientAddress,
        userAgent,
      });
      await this.plans.turnOn({
        tenantUserId,
        tenancyId: tenancy.tenancyId,
        landlordUserId: tenancy.landlordUserId,
        propertyId: tenancy.propertyId,
        bankAccountId: account.id,
        mandateId,
        daysBeforeDue: settings.daysBeforeDue,
        amount: settings.amount,
        turnedOnAt: now,
      });
    });
  }
}
