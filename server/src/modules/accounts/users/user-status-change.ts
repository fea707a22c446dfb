import { ConflictException, NotFoundException } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import type { User, UserStatus } from './user.entity';

/** The moves an account's status may make; anything else is refused. */
const ALLOWED: Record<UserStatus, readonly UserStatus[]> = {
  pending: ['approved', 'rejected', 'disabled', 'removed'],
  approved: ['active', 'disabled', 'removed'],
  rejected: ['removed'],
  active: ['disabled', 'removed'],
  disabled: ['active', 'removed'],
  removed: [],
};

export function canChangeStatus(from: UserStatus, to: UserStatus): boolean {
  return from === to || ALLOWED[from].includes(to);
}

/** Throws the HTTP answer for a user that is missing or cannot move to `to`. */
export function assertStatusChange(user: User | null, to: UserStatus): asserts user is User {
  if (!user) throw new NotFoundException(MESSAGES.notFound);
  if (!canChangeStatus(user.status, to)) throw new ConflictException(MESSAGES.accountStatusConflict);
}
