import { ApiProperty } from '@nestjs/swagger';
import type { UserView } from '../contracts/user-view';

/** OpenAPI shapes of the account endpoints' answers, so the client can generate its types. */

/** Taken: a sign-out, a reset email asked for, a password set. */
export class AccountDone {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}

export class UserDto implements UserView {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ enum: ['landlord', 'tenant', 'operator', 'finance'] }) type!: 'landlord' | 'tenant' | 'operator' | 'finance';
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when the person has no photo: show the default image' })
  photoUrl!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The last password sign-in (the 30-minute payment rule)' })
  lastLoginAt!: string | null;
}

export class SessionAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty() isValid!: boolean;
  @ApiProperty({ type: UserDto, nullable: true }) user!: UserDto | null;
}

/** Sign-in and changes to the person's own photo: the person as they are now. */
export class UserAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: UserDto }) user!: UserDto;
}

export class ProfileUpdatedAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: UserDto }) user!: UserDto;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The new email a confirmation link went to; the sign-in email changes once the link is opened',
  })
  pendingEmail!: string | null;
}

export class EmailConfirmedAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'The sign-in email now' }) email!: string;
}

export class ActivationStateAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'The account already has a password' }) activated!: boolean;
  @ApiProperty({ description: 'The link can still set the first password' }) linkValid!: boolean;
}
