import { Query } from '@nestjs/cqrs';
import type { StoredFile } from '../../../infrastructure/storage/file-storage.port';

/** The image stored under a photo key, or null. */
export class GetUserPhoto extends Query<StoredFile | null> {
  constructor(readonly key: string) {
    super();
  }
}
