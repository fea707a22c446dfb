import { Command } from '@nestjs/cqrs';
import type { UserView } from '../contracts/user-view';

/** Replaces a person's photo with the uploaded image (checked, re-encoded, stripped). */
export class SaveUserPhoto extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly upload: Buffer,
  ) {
    super();
  }
}
