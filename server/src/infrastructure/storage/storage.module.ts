import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage.port';
import { LocalDiskStorage } from './local-disk.storage';

/** The FileStorage port; local disk (STORAGE_DIR) is the one adapter today. */
@Global()
@Module({
  providers: [{ provide: FileStorage, inject: [AppConfig], useFactory: (config: AppConfig) => new LocalDiskStorage(config.env.STORAGE_DIR) }],
  exports: [FileStorage],
})
export class StorageModule {}
