import { SetMetadata } from '@nestjs/common';

export type UserType = 'landlord' | 'tenant' | 'operator';

export const ROLES = 'roles';

/** Who may call an endpoint. Every endpoint has either this or @Public() (checked by a test). */
export const Roles = (...types: UserType[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, types);
