import { Query } from '@nestjs/cqrs';

export interface OperatorContact {
  userId: string;
  firstName: string;
  email: string;
}

/** Every operator who can sign in now (status active), for messages meant for the operations team. */
export class ListOperatorContacts extends Query<OperatorContact[]> {}
