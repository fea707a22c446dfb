import { Global, Module } from '@nestjs/common';
import { Faults } from './faults';

@Global()
@Module({ providers: [Faults], exports: [Faults] })
export class FaultsModule {}
