import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { User } from '../users/user.entity';
import { ActivationState, CheckActivated } from './check-activated.query';

@QueryHandler(CheckActivated)
export class CheckActivatedHandler implements IQueryHandler<CheckActivated> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
  ) {}

  async execute({ email, token }: CheckActivated): Promise<ActivationState> {
    const nothing = { activated: false, linkValid: false };
    const user = await this.unitOfWork.repository(User).findOneBy({ email: email.trim().toLowerCase(), status: Not('removed') });
    if (!user || !(await this.tokens.wasIssued(user.id, 'activation', token))) return nothing;
    if (user.status === 'active') return { activated: true, linkValid: false };
    return {
      activated: false,
      linkValid: user.status === 'approved' && (await this.tokens.isValid(user.id, 'activation', token)),
    };
  }
}
