import { ConflictException, NotFoundException } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Registration } from './registration.entity';

/**
 * Loads a registration for review, locked until the transaction ends, so two operators clicking at
 * once review it once: the second waits, then sees it reviewed and gets 409.
 */
export async function lockPendingRegistration(unitOfWork: UnitOfWork, registrationId: string): Promise<Registration> {
  const registration = await unitOfWork
    .repository(Registration)
    .findOne({ where: { id: registrationId }, lock: { mode: 'pessimistic_write' } });
  if (!registration) throw new NotFoundException(MESSAGES.notFound);
  if (registration.status !== 'pending') throw new ConflictException(MESSAGES.registrationAlreadyReviewed);
  return registration;
}
