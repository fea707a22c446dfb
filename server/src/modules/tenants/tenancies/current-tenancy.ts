import { NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { isId } from './ids';
import { Tenancy } from './tenancy.entity';

export interface TenancyKey {
  landlordUserId: string;
  propertyId: string;
  tenantUserId: string;
}

/**
 * The tenant's current tenancy in this landlord's property; 404 for anything else (another
 * landlord's tenant, a tenant of another property, a removed tenant, an unknown id).
 * `forUpdate` locks the row until the transaction ends.
 */
export async function findCurrentTenancy(
  unitOfWork: UnitOfWork,
  { landlordUserId, propertyId, tenantUserId }: TenancyKey,
  { forUpdate = false } = {},
): Promise<Tenancy> {
  const tenancy =
    isId(propertyId) && isId(tenantUserId)
      ? await unitOfWork.repository(Tenancy).findOne({
          where: { tenantUserId, propertyId, landlordUserId, endedAt: IsNull() },
          ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
  if (!tenancy) throw new NotFoundException(MESSAGES.notFound);
  return tenancy;
}
