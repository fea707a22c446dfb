import { BadRequestException, ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { SessionStore } from '../sessions/session-store';
import { User } from '../users/user.entity';
import { ConfirmEmailChange } from './confirm-email-change.command';
import { EmailChange } from './email-change.entity';

@CommandHandler(ConfirmEmailChange)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChange> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
    private readonly sessions: SessionStore,
  ) {}

  execute({ token, openedIn }: ConfirmEmailChange): Promise<{ email: string }> {
    return this.unitOfWork.run(async () => {
      const consumed = await this.tokens.consumeToken('email_change', token);
      const change = consumed && (await this.unitOfWork.repository(EmailChange).findOneBy({ tokenId: consumed.id }));
      const users = this.unitOfWork.repository(User);
      const user =
        change && (await users.findOne({ where: { id: change.userId, status: 'active' }, lock: { mode: 'pessimistic_write' } }));
      if (!change || !user) throw new BadRequestException(MESSAGES.linkInvalid);
      // The address was free when the change was asked for; someone may have taken it since.
      if (await users.existsBy({ email: change.newEmail, status: Not('removed'), id: Not(user.id) })) {
        throw new ConflictException(MESSAGES.emailTaken);
      }
      try {
        await users.update({ id: user.id }, { email: change.newEmail });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new ConflictException(MESSAGES.emailTaken);
        throw error;
      }
      // Whoever else was signed in, perhaps with a borrowed session, is signed out; the person changing it is not.
      const keep = [change.requestedInSessionId, openedIn?.userId === user.id ? openedIn.sessionId : null];
      await this.sessions.revokeAllFor(user.id, keep.filter((id): id is string => id !== null));
      return { email: change.newEmail };
    });
  }
}
