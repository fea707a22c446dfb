import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions, DEFAULT_POOL_SIZE } from './data-source-options';
import { UnitOfWork } from './unit-of-work';

export interface DatabaseModuleOptions {
  /**
   * Connections beyond the default pool, for jobs that hold theirs while they wait on something
   * else (the inbox handles a provider event in one transaction, the provider's re-read included).
   */
  heldByJobs: number;
}

@Global()
@Module({})
export class DatabaseModule {
  static register({ heldByJobs }: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [UnitOfWork],
      exports: [UnitOfWork],
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config.env.DATABASE_URL, DEFAULT_POOL_SIZE + heldByJobs),
            autoLoadEntities: true,
            migrationsRun: false,
          }),
        }),
      ],
    };
  }
}
