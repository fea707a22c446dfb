import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AUTOPAY_MANDATE_VERSION, autopayAmountCents, DEFAULT_AUTOPAY_DAYS_BEFORE_DUE } from '@rentwise/libs/autopay';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { bankLinkSetupOf } from '../bank-accounts/bank-link-setup';
import { TenantBankDebitContexts } from '../bank-accounts/tenant-bank-debit-contexts';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { SavedCards } from '../saved-cards/saved-cards';
import { TenantCardContexts } from '../saved-cards/tenant-card-contexts';
import { type AutopayPlan, AutopayPlans } from './autopay-plans';
import { AutopayRunner } from './autopay-runner';
import { type AutopayMethodView, type AutopayRunView, type AutopayView, GetAutopay } from './get-autopay.query';

const RECENT_RUNS = 6;

@QueryHandler(GetAutopay)
export class GetAutopayHandler implements IQueryHandler<GetAutopay> {
  constructor(
    private readonly contexts: TenantBankDebitContexts,
    private readonly plans: AutopayPlans,
    private readonly runner: AutopayRunner,
    private readonly accounts: BankAccounts,
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly gateway: PaymentGateway,
    private readonly cardContexts: TenantCardContexts,
    private readonly cards: SavedCards,
  ) {}

  async execute({ tenantUserId }: GetAutopay): Promise<AutopayView | null> {
    const context = await this.contexts.of(tenantUserId);
    if (!context) return null;
    const { tenancy, payee } = context;
    const cardPayee = (await this.cardContexts.of(tenantUserId))?.payee ?? null;
    const [plan, saved, savedCards, users, runs] = await Promise.all([
      this.plans.ofTenant(tenantUserId),
      payee ? this.accounts.savedBy(tenantUserId, payee.accountId) : Promise.resolve([]),
      cardPayee ? this.cards.savedBy(tenantUserId, cardPayee.accountId) : Promise.resolve([]),
      this.queries.execute(new GetUsers([tenantUserId, tenancy.landlordUserId])),
      this.unitOfWork.manager.query<{ period: string; attempt: number; amount_cents: number; status: AutopayRunView['status']; failure_message: string | null; created_at: Date }[]>(
        `SELECT period, attempt, amount_cents, status, failure_message, created_at FROM payments.autopay_runs
          WHERE tenant_user_id = $1 ORDER BY created_at DESC LIMIT ${RECENT_RUNS}`,
        [tenantUserId],
      ),
    ]);
    const current = plan && plan.tenancyId === tenancy.tenancyId ? plan : null;
    const now = this.clock.now();
    // The schedule of a plan that is off still gives the due day and zone the form shows.
    // A tenant without a plan is placed on the calendar with the default day, to show the form's due day and zone.
    const scheduled = await this.runner.nextOf(current ?? { ...tenancy, daysBeforeDue: DEFAULT_AUTOPAY_DAYS_BEFORE_DUE, turnedOnAt: now }, now);
    let next: AutopayView['next'] = null;
    if (current?.isOn) {
      const skipped = (await this.plans.skips([tenantUserId], [scheduled.period])).size > 0;
      const estimatedCents = autopayAmountCents(current.amount, await this.runner.dueCents(current, tenancy, scheduled.month, now, scheduled.timeZone));
      next = { period: scheduled.period, debitAt: scheduled.debitAt.toISOString(), estimatedCents, skipped };
    }
    const method = current ? await this.methodOf(current) : null;
    const nameOf = (userId: string): string => {
      const user = users.get(userId);
      return user ? `${user.firstName} ${user.lastName}` : '';
    };
    return {
      isOn: current?.isOn ?? false,
      offered: payee !== null,
      cardOffered: cardPayee !== null,
      settings:
        current && method
          ? {
              savedBankAccountId: method.kind === 'bank_account' ? method.savedBankAccountId : null,
              bankName: method.kind === 'bank_account' ? method.bankName : null,
              last4: method.last4,
              daysBeforeDue: current.daysBeforeDue,
              amount: current.amount,
            }
          : null,
      method,
      turnedOffReason: current?.turnedOffReason ?? null,
      next,
      dueDay: scheduled.dueDay,
      timeZone: scheduled.timeZone,
      bankFeeCents: this.config.env.BANK_DEBIT_FEE_CENTS,
      cardFeeCents: tenantProcessingFeeCentsAt(now),
      mandateTerms: { version: AUTOPAY_MANDATE_VERSION, tenantName: nameOf(tenantUserId), landlordName: nameOf(tenancy.landlordUserId), propertyAddress: tenancy.propertyAddress },
      savedBankAccounts: saved.map((saved) => ({ id: saved.id, bankName: saved.bankName, last4: saved.last4 })),
      savedCards: savedCards.map(({ id, brand, last4, expMonth, expYear }) => ({ id, brand, last4, expMonth, expYear })),
      bankLink: payee ? bankLinkSetupOf(this.gateway, payee.accountId) : null,
      recentPayments: runs.map((run) => ({
        period: run.period,
        attempt: run.attempt,
        amountCents: run.amount_cents,
        status: run.status,
        failureMessage: run.failure_message,
        createdAt: run.created_at.toISOString(),
      })),
    };
  }

  /** The plan's bank account or card as the tenant saved it (a removed one still shows what the plan named). */
  private async methodOf({ tenantUserId, method }: AutopayPlan): Promise<AutopayMethodView | null> {
    if (method.kind === 'card') {
      const card = await this.cards.ofTenant(tenantUserId, method.savedCardId);
      return card && { kind: 'card', savedCardId: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    }
    const account = await this.accounts.ofTenant(tenantUserId, method.bankAccountId);
    return account && { kind: 'bank_account', savedBankAccountId: account.id, bankName: account.bankName, last4: account.last4 };
  }
}
