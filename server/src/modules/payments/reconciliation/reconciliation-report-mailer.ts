import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { ListOperatorContacts } from '../../accounts/contracts/list-operator-contacts.query';
import type { AccountReconciliation } from './provider-reconciler';
import { reconciliationEmail } from './reconciliation-email';

/**
 * Reports a reconciliation run to the operators: when it found differences, each active operator
 * gets an email (through the outbox) listing them with a link to the operator page; a clean run
 * sends nothing.
 */
@Injectable()
export class ReconciliationReportMailer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly mail: MailQueue,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
  ) {}

  /** Returns how many operators were emailed. */
  async report(results: AccountReconciliation[]): Promise<number> {
    const differences = results.flatMap((result) => result.differences.map((difference) => ({ ...difference, accountId: result.accountId })));
    if (differences.length === 0) return 0;
    const operators = await this.queries.execute(new ListOperatorContacts());
    const pageUrl = new URL('/operator/reconciliation', this.config.env.PUBLIC_URL).toString();
    await this.unitOfWork.run(async (manager) => {
      for (const operator of operators) {
        await this.mail.send(
          manager,
          reconciliationEmail({ to: operator.email, firstName: operator.firstName, provider: this.gateway.name, accounts: results.length, differences, pageUrl, publicUrl: this.config.env.PUBLIC_URL }),
        );
      }
    });
    return operators.length;
  }
}
