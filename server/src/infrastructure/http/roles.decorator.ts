import { SetMetadata } from '@nestjs/common';

/** finance: staff who read every landlord's statements and export them; they change nothing. */
export type UserType = 'landlord' | 'tenant' | 'operator' | 'finance';

export const ROLES = 'roles';

/** Who may call an endpoint. Every endpoint has either this or @Public() (checked by a test). */
export const Roles = (...types: UserType[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, types);
