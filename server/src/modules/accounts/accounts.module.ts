import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivateAccountHandler } from './activation/activate-account.handler';
import { CheckActivatedHandler } from './activation/check-activated.handler';
import { ApproveUserHandler } from './commands/approve-user.handler';
import { CreateUserHandler } from './commands/create-user.handler';
import { DisableUserHandler } from './commands/disable-user.handler';
import { IssuePasswordLinkHandler } from './commands/issue-password-link.handler';
import { RejectUserHandler } from './commands/reject-user.handler';
import { RemoveUserHandler } from './commands/remove-user.handler';
import { UpdateUserContactHandler } from './commands/update-user-contact.handler';
import { ConfirmEmailChangeHandler } from './email-change/confirm-email-change.handler';
import { EmailChange } from './email-change/email-change.entity';
import { PasswordController } from './http/password.controller';
import { ProfileController } from './http/profile.controller';
import { SessionCookies } from './http/session-cookies';
import { SessionController } from './http/session.controller';
import { SessionGuard } from './http/session.guard';
import { OneTimeToken } from './one-time-tokens/one-time-token.entity';
import { OneTimeTokens } from './one-time-tokens/one-time-tokens';
import { RequestPasswordResetHandler } from './password-reset/request-password-reset.handler';
import { ResetPasswordHandler } from './password-reset/reset-password.handler';
import { ResetRequestLimit } from './password-reset/reset-request-limit';
import { PasswordHasher } from './passwords/password-hasher';
import { GetUserPhotoHandler } from './profile/get-user-photo.handler';
import { SaveUserPhotoHandler } from './profile/save-user-photo.handler';
import { UpdateOwnProfileHandler } from './profile/update-own-profile.handler';
import { GetUserHandler } from './queries/get-user.handler';
import { GetUsersHandler } from './queries/get-users.handler';
import { ListOperatorContactsHandler } from './queries/list-operator-contacts.handler';
import { Session } from './sessions/session.entity';
import { SessionStore } from './sessions/session-store';
import { SignInAttempts } from './sign-in/sign-in-attempts';
import { SignInHandler } from './sign-in/sign-in.handler';
import { SignOutHandler } from './sign-in/sign-out.handler';
import { User } from './users/user.entity';

/** Who people are and how they prove it: users, passwords, sessions, one-time links. */
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([User, Session, OneTimeToken, EmailChange])],
  controllers: [SessionController, PasswordController, ProfileController],
  providers: [
    { provide: APP_GUARD, useClass: SessionGuard },
    SessionCookies,
    SessionStore,
    PasswordHasher,
    OneTimeTokens,
    SignInAttempts,
    SignInHandler,
    SignOutHandler,
    CreateUserHandler,
    IssuePasswordLinkHandler,
    GetUserHandler,
    GetUsersHandler,
    ListOperatorContactsHandler,
    RemoveUserHandler,
    DisableUserHandler,
    ApproveUserHandler,
    RejectUserHandler,
    UpdateUserContactHandler,
    UpdateOwnProfileHandler,
    ConfirmEmailChangeHandler,
    ResetRequestLimit,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    CheckActivatedHandler,
    ActivateAccountHandler,
    SaveUserPhotoHandler,
    GetUserPhotoHandler,
  ],
})
export class AccountsModule {}
