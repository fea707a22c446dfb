import { NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { isPropertyId } from './property-id';
import { Property } from './property.entity';

/**
 * A property the landlord still manages, locked for the rest of the transaction. Someone else's
 * property, an archived one and an unknown id all answer the same 404, so ids reveal nothing.
 */
export async function findManagedPropertyForUpdate(
  unitOfWork: UnitOfWork,
  landlordUserId: string,
  propertyId: string,
): Promise<Property> {
  const property = isPropertyId(propertyId)
    ? await unitOfWork.repository(Property).findOne({
        where: { id: propertyId, landlordUserId, archivedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      })
    : null;
  if (!property) throw new NotFoundException(MESSAGES.notFound);
  return property;
}
