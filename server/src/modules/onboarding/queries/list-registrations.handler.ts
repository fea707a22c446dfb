import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { In } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Registration } from '../registrations/registration.entity';
import { ListRegistrations, RegistrationRow } from './list-registrations.query';

/** Enough for a day's queue on one screen; older reviews are history, not work. */
const PENDING_LIMIT = 200;
const REVIEWED_LIMIT = 20;

function toRow(registration: Registration): RegistrationRow {
  return {
    registrationId: registration.id,
    landlordUserId: registration.landlordUserId,
    status: registration.status,
    firstName: registration.firstName,
    lastName: registration.lastName,
    email: registration.email,
    phone: registration.phone,
    submittedAt: registration.submittedAt.toISOString(),
    reviewedAt: registration.reviewedAt?.toISOString() ?? null,
    rejectionReason: registration.rejectionReason,
    payoutStatus: registration.payoutStatus,
    payoutConnected: Boolean(registration.payoutConnectedAt),
  };
}

@QueryHandler(ListRegistrations)
export class ListRegistrationsHandler implements IQueryHandler<ListRegistrations> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ which }: ListRegistrations): Promise<RegistrationRow[]> {
    const registrations = this.unitOfWork.repository(Registration);
    const found =
      which === 'pending'
        ? await registrations.find({ where: { status: 'pending' }, order: { submittedAt: 'ASC' }, take: PENDING_LIMIT })
        : await registrations.find({
            where: { status: In(['approved', 'rejected']) },
            order: { reviewedAt: 'DESC' },
            take: REVIEWED_LIMIT,
          });
    return found.map(toRow);
  }
}
