import { BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { FileStorage } from '../../../infrastructure/storage/file-storage.port';
import { UserView } from '../contracts/user-view';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';
import { normalisePhoto, NotAnImageError, PHOTO_CONTENT_TYPE } from './photo-processing';
import { SaveUserPhoto } from './save-user-photo.command';

/** 144 random bits: a photo's URL cannot be guessed, and a new upload gets a new URL. */
export function newPhotoKey(): string {
  return `${randomBytes(18).toString('base64url')}.webp`;
}

@CommandHandler(SaveUserPhoto)
export class SaveUserPhotoHandler implements ICommandHandler<SaveUserPhoto> {
  private readonly logger = new Logger(SaveUserPhotoHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly storage: FileStorage,
  ) {}

  async execute({ userId, upload }: SaveUserPhoto): Promise<UserView> {
    let photo: Buffer;
    try {
      photo = await normalisePhoto(upload);
    } catch (error) {
      if (error instanceof NotAnImageError) throw new BadRequestException(MESSAGES.photoUploadRejected);
      throw error;
    }
    const key = newPhotoKey();
    // Stored first: a row never points at a file that is not there. A failed update leaves an orphan file, not a broken photo.
    await this.storage.put(key, photo, PHOTO_CONTENT_TYPE);
    const { user, previousKey } = await this.unitOfWork.run(async () => {
      const users = this.unitOfWork.repository(User);
      const found = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw new NotFoundException(MESSAGES.notFound);
      const previous = found.photoKey;
      found.photoKey = key;
      await users.update({ id: userId }, { photoKey: key });
      return { user: found, previousKey: previous };
    });
    if (previousKey) {
      await this.storage.delete(previousKey).catch((error: unknown) => {
        this.logger.warn({ err: error, key: previousKey }, 'Could not delete a replaced photo');
      });
    }
    return toUserView(user);
  }
}
