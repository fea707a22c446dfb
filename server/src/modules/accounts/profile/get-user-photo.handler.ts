import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { FileStorage, StoredFile, STORAGE_KEY_PATTERN } from '../../../infrastructure/storage/file-storage.port';
import { User } from '../users/user.entity';
import { GetUserPhoto } from './get-user-photo.query';

@QueryHandler(GetUserPhoto)
export class GetUserPhotoHandler implements IQueryHandler<GetUserPhoto> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly storage: FileStorage,
  ) {}

  /** Only a key some person's photo uses: the storage may one day hold files that are not photos. */
  async execute({ key }: GetUserPhoto): Promise<StoredFile | null> {
    if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..')) return null;
    if (!(await this.unitOfWork.repository(User).existsBy({ photoKey: key }))) return null;
    return this.storage.get(key);
  }
}
