import { ConflictException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BANK_DEBIT_MANDATE_VERSION, bankDebitMandateText } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../../../../../infrastructure/config/app-config';
import { GetUsers } from '../../../../accounts/contracts/get-users.query';
import { GetPayoutAccount } from '../../../../onboarding/contracts/get-payout-account.query';
import { BankAccounts, type LinkedAccount } from '../../../bank-accounts/bank-accounts';
import { LinkedBankAccounts } from '../../../bank-accounts/linked-bank-accounts';
import { Mandates } from '../../../bank-accounts/mandates';
import type { CardPayment } from '../../../card-payments/card-payment.entity';
import { PayoutAccountReadiness } from '../../../card-payments/payout-account-readiness';
import { PaymentGateway } from '../../../gateways/payment-gateway.port';
import type { MethodOf } from '../../pay-rent.command';
import type { AttemptContext, AttemptMethodFields, ChargeOutcome, Payee, PaymentWay } from '../../payment-way';
import { stripeChargeFailure } from '../stripe-charge-failure';

type StripeBankDebit = MethodOf<'stripe_bank_debit'>;

const bankAccountRefused = (message: string): HttpException => new HttpException(message, HttpStatus.PAYMENT_REQUIRED);

/**
 * A bank account debited through Stripe (ACH Direct Debit), a direct charge on the landlord's
 * connected account with our platform fee as the application fee, like a card (decision 0012). The
 * tenant's authorization is stored with the attempt before the bank is asked (decision 0038); the
 * debit is processing until the bank answers, days later, through the provider's events (0037).
 */
@Injectable()
export class StripeBankDebitWay implements PaymentWay<StripeBankDebit> {
  readonly way = 'stripe_bank_debit';
  readonly landlordGateway = 'stripe';
  readonly providerChargesOncePerKey = true;
  readonly cannotBePaidMessage = MESSAGES.bankDebitsNotOffered;
  private readonly logger = new Logger(StripeBankDebitWay.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly queries: QueryBus,
    private readonly readiness: PayoutAccountReadiness,
    private readonly accounts: BankAccounts,
    private readonly linked: LinkedBankAccounts,
    private readonly mandates: Mandates,
    private readonly config: AppConfig,
  ) {}

  inputHashParts(tenantUserId: string, amountCents: number, { bankAccount, mandate }: StripeBankDebit): unknown[] {
    const account = 'savedAccountId' in bankAccount ? ['saved', bankAccount.savedAccountId] : ['linked', bankAccount.paymentMethodId];
    return ['bank_debit', tenantUserId, amountCents, ...account, mandate.version];
  }

  /** A landlord takes bank debits when their account can take charges and has the ACH capability. */
  async payee(landlordUserId: string): Promise<Payee | null> {
    const payout = await this.queries.execute(new GetPayoutAccount(landlordUserId));
    if (!payout || !(await this.readiness.canTakeCharges(payout)) || !(await this.readiness.canTakeBankDebits(payout))) return null;
    return { accountId: payout.accountId, provider: this.gateway.name };
  }

  tenantFeeCents(): number {
    return this.config.env.BANK_DEBIT_FEE_CENTS;
  }

  async attemptFields({ bankAccount, mandate }: StripeBankDebit, context: AttemptContext): Promise<AttemptMethodFields> {
    if ('standingMandateId' in mandate) {
      // Autopay: the recurring authorization was stored when it was turned on (decision 0042).
      const account = await this.account(bankAccount, context);
      return this.bankDebitFields(account, mandate.standingMandateId);
    }
    if (mandate.version !== BANK_DEBIT_MANDATE_VERSION) throw new ConflictException(MESSAGES.mandateOutdated);
    const account = await this.account(bankAccount, context);
    const users = await this.queries.execute(new GetUsers([context.tenantUserId, context.tenancy.landlordUserId]));
    const nameOf = (userId: string): string => {
      const user = users.get(userId);
      return user ? `${user.firstName} ${user.lastName}` : 'the account holder';
    };
    const mandateId = await this.mandates.accept({
      idempotencyKey: context.idempotencyKey,
      tenantUserId: context.tenantUserId,
      landlordUserId: context.tenancy.landlordUserId,
      provider: context.payee.provider,
      connectedAccountId: context.payee.accountId,
      paymentMethodId: account.paymentMethodId,
      version: mandate.version,
      text: bankDebitMandateText({
        tenantName: nameOf(context.tenantUserId),
        landlordName: nameOf(context.tenancy.landlordUserId),
        propertyAddress: context.tenancy.propertyAddress,
        bankName: account.bankName,
        last4: account.last4,
        chargedCents: context.chargedCents,
      }),
      acceptedAt: context.at,
      clientAddress: context.clientAddress,
      userAgent: mandate.userAgent,
    });
    return this.bankDebitFields(account, mandateId);
  }

  private bankDebitFields(account: LinkedAccount, mandateId: string): AttemptMethodFields {
    return {
      paymentMethodId: account.paymentMethodId,
      invoiceNumber: null,
      cardBrand: null,
      cardLast4: null,
      method: 'bank_debit',
      bankName: account.bankName,
      bankLast4: account.last4,
      mandateId,
    };
  }

  async charge(attempt: CardPayment, method: StripeBankDebit): Promise<ChargeOutcome> {
    try {
      // An account linked through Financial Connections is attached to the tenant's customer: Stripe wants it named.
      const account = await this.accounts.byPaymentMethod(attempt.connectedAccountId, attempt.paymentMethodId);
      const debit = await this.gateway.debitBankAccount({
        connectedAccountId: attempt.connectedAccountId,
        paymentMethodId: attempt.paymentMethodId,
        amountCents: attempt.chargedCents,
        platformFeeCents: attempt.platformFeeCents,
        description: attempt.description,
        idempotencyKey: attempt.idempotencyKey,
        metadata: { cardPaymentId: attempt.id, tenantUserId: attempt.tenantUserId, propertyId: attempt.propertyId },
        mandate:
          'standingMandateId' in method.mandate
            ? { acceptedAt: method.mandate.acceptedAt, ipAddress: method.mandate.clientAddress, userAgent: method.mandate.userAgent }
            : { acceptedAt: attempt.createdAt, ipAddress: attempt.clientAddress ?? '0.0.0.0', userAgent: method.mandate.userAgent },
        customerId: account?.customerId ?? null,
      });
      return { kind: 'processing', debit };
    } catch (error) {
      return stripeChargeFailure(error, attempt, this.readiness, this.logger);
    }
  }

  declineAnswer(failureMessage: string): string {
    return failureMessage;
  }

  /** The account to debit: the tenant's own saved one, or one just linked on the landlord's account; never a blocked one. */
  private async account(bankAccount: StripeBankDebit['bankAccount'], { tenantUserId, payee }: AttemptContext): Promise<LinkedAccount> {
    if ('savedAccountId' in bankAccount) {
      const saved = await this.accounts.ofTenant(tenantUserId, bankAccount.savedAccountId);
      if (!saved || !saved.saved || saved.connectedAccountId !== payee.accountId) throw new ConflictException(MESSAGES.savedBankAccountNotFound);
      if (saved.blocked) throw bankAccountRefused(MESSAGES.bankAccountBlocked);
      return saved;
    }
    return this.linked.adopt(tenantUserId, payee, bankAccount.paymentMethodId, bankAccount.saveForLater === true);
  }
}
