import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { encodeEmailParam } from '@rentwise/libs/base64-email';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { IssuePasswordLink } from '../contracts/issue-password-link.command';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { User } from '../users/user.entity';

const PAGE_FOR_PURPOSE = {
  activation: '/account/create-password',
  password_reset: '/account/reset-password',
} as const;

@CommandHandler(IssuePasswordLink)
export class IssuePasswordLinkHandler implements ICommandHandler<IssuePasswordLink> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
    private readonly config: AppConfig,
  ) {}

  async execute({ userId, purpose }: IssuePasswordLink): Promise<{ url: string }> {
    const user = await this.unitOfWork.repository(User).findOneByOrFail({ id: userId });
    const token = await this.tokens.issue(userId, purpose);
    const url = new URL(PAGE_FOR_PURPOSE[purpose], this.config.env.PUBLIC_URL);
    url.searchParams.set('email', encodeEmailParam(user.email));
    url.searchParams.set('token', token);
    return { url: url.toString() };
  }
}
