import { ConflictException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AUTOPAY_MANDATE_VERSION, autopayCardAuthorizationText, autopayMandateText } from '@rentwise/libs/autopay';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { DEFAULT_RENT_DUE_DAY } from '@rentwise/libs/rent-charges';
import { type AutopayMethodInput, autopayMethodOf } from '@rentwise/libs/schemas/autopay.schema';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { Mandates } from '../bank-accounts/mandates';
import { TenantBankDebitContexts } from '../bank-accounts/tenant-bank-debit-contexts';
import { SetAutopay } from '../contracts/set-autopay.command';
import type { Payee } from '../pay-rent/payment-way';
import { CardAuthorizations } from '../saved-cards/card-authorizations';
import { SavedCards } from '../saved-cards/saved-cards';
import { TenantCardContexts } from '../saved-cards/tenant-card-contexts';
import { type AutopayMethod, AutopayPlans } from './autopay-plans';

/** What either standing authorization names besides the account or card, rendered by the server. */
interface AuthorizationTerms {
  tenantName: string;
  landlordName: string;
  propertyAddress: string;
  amount: SetAutopay['settings']['amount'];
  daysBeforeDue: number;
  dueDay: number;
}

/** Who and what the tenant's yes was given for, and where: stored with the authorization before the plan names it. */
interface Acceptance {
  tenantUserId: string;
  tenancy: TenancyView;
  payee: Payee;
  terms: AuthorizationTerms;
  acceptedAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

@CommandHandler(SetAutopay)
export class SetAutopayHandler implements ICommandHandler<SetAutopay> {
  constructor(
    private readonly bankContexts: TenantBankDebitContexts,
    private readonly cardContexts: TenantCardContexts,
    private readonly plans: AutopayPlans,
    private readonly accounts: BankAccounts,
    private readonly mandates: Mandates,
    private readonly cards: SavedCards,
    private readonly cardAuthorizations: CardAuthorizations,
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ tenantUserId, settings, clientAddress, userAgent }: SetAutopay): Promise<void> {
    if (settings.mandate.version !== AUTOPAY_MANDATE_VERSION) throw new ConflictException(MESSAGES.autopayMandateOutdated);
    const method = autopayMethodOf(settings);
    const context = await (method.kind === 'card' ? this.cardContexts : this.bankContexts).of(tenantUserId);
    if (!context) throw new NotFoundException(MESSAGES.noTenancyToPay);
    const { tenancy, payee } = context;
    if (!payee) throw new ConflictException(method.kind === 'card' ? MESSAGES.autopayCardNotOffered : MESSAGES.autopayNotOffered);
    const [users, rentTerms] = await Promise.all([
      this.queries.execute(new GetUsers([tenantUserId, tenancy.landlordUserId])),
      this.queries.execute(new GetRentTerms([tenancy.propertyId])),
    ]);
    const nameOf = (userId: string): string => {
      const user = users.get(userId);
      return user ? `${user.firstName} ${user.lastName}` : 'the account holder';
    };
    const now = this.clock.now();
    const acceptance: Acceptance = {
      tenantUserId,
      tenancy,
      payee,
      terms: {
        tenantName: nameOf(tenantUserId),
        landlordName: nameOf(tenancy.landlordUserId),
        propertyAddress: tenancy.propertyAddress,
        amount: settings.amount,
        daysBeforeDue: settings.daysBeforeDue,
        dueDay: rentTerms.get(tenancy.propertyId)?.dueDay ?? DEFAULT_RENT_DUE_DAY,
      },
      acceptedAt: now,
      clientAddress,
      userAgent,
    };
    await this.unitOfWork.run(async () => {
      await this.plans.turnOn({
        tenantUserId,
        tenancyId: tenancy.tenancyId,
        landlordUserId: tenancy.landlordUserId,
        propertyId: tenancy.propertyId,
        method: await this.authorize(method, acceptance),
        daysBeforeDue: settings.daysBeforeDue,
        amount: settings.amount,
        turnedOnAt: now,
      });
    });
  }

  /** The account or card checked as the tenant's own on the landlord's account, and the standing authorization stored for it. */
  private async authorize(method: AutopayMethodInput, acceptance: Acceptance): Promise<AutopayMethod> {
    const { tenantUserId, tenancy, payee, terms } = acceptance;
    if (method.kind === 'card') {
      // Locked until the plan names it: a removal of the card waits, then sees it in use.
      const card = await this.cards.lockOfTenant(tenantUserId, method.savedCardId);
      if (!card || card.removed || card.connectedAccountId !== payee.accountId) throw new ConflictException(MESSAGES.autopayNeedsCard);
      const authorizationId = await this.cardAuthorizations.accept({
        tenantUserId,
        landlordUserId: tenancy.landlordUserId,
        savedCardId: card.id,
        version: AUTOPAY_MANDATE_VERSION,
        text: autopayCardAuthorizationText({ ...terms, brand: card.brand, last4: card.last4, processingFeeCents: tenantProcessingFeeCentsAt(acceptance.acceptedAt) }),
        acceptedAt: acceptance.acceptedAt,
        clientAddress: acceptance.clientAddress,
        userAgent: acceptance.userAgent,
      });
      return { kind: 'card', savedCardId: card.id, authorizationId };
    }
    const account = await this.accounts.ofTenant(tenantUserId, method.savedBankAccountId);
    if (!account || !account.saved || account.connectedAccountId !== payee.accountId) throw new ConflictException(MESSAGES.autopayNeedsBankAccount);
    if (account.blocked) throw new HttpException(MESSAGES.bankAccountBlocked, HttpStatus.PAYMENT_REQUIRED);
    const mandateId = await this.mandates.accept({
      idempotencyKey: `autopay:${randomUUID()}`,
      tenantUserId,
      landlordUserId: tenancy.landlordUserId,
      provider: payee.provider,
      connectedAccountId: payee.accountId,
      paymentMethodId: account.paymentMethodId,
      version: AUTOPAY_MANDATE_VERSION,
      text: autopayMandateText({ ...terms, bankName: account.bankName, last4: account.last4 }),
      acceptedAt: acceptance.acceptedAt,
      clientAddress: acceptance.clientAddress,
      userAgent: acceptance.userAgent,
    });
    return { kind: 'bank_account', bankAccountId: account.id, mandateId };
  }
}
