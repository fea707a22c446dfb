import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LateFeePoster } from './late-fee-poster';
import { PostDueRentChargesHandler } from './post-due-rent-charges.handler';
import { RentChargePoster } from './rent-charge-poster';
import { RentChargesProcessor } from './rent-charges.processor';
import { JobScheduler } from '../../../infrastructure/queue/job-scheduler';
import { RENT_CHARGES_QUEUE, RENT_CHARGES_SCHEDULE } from './post-rent-charges.job';
import { TenantLedgerReader } from './tenant-ledger-reader';
import { WaiveLateFeeHandler } from './waive-late-fee.handler';
import { LandlordLateFeesController } from '../http/landlord-late-fees.controller';

/** Part of the payments module: what tenants owe, charged into the ledger by a scheduled job (decision 0039), and late fees (0040). */
@Module({})
export class ChargesModule {
  static register(options: { runWorker: boolean }): DynamicModule {
    return {
      module: ChargesModule,
      imports: [CqrsModule, BullModule.registerQueue({ name: RENT_CHARGES_QUEUE })],
      controllers: [LandlordLateFeesController],
      providers: [RentChargePoster, LateFeePoster, TenantLedgerReader, PostDueRentChargesHandler, WaiveLateFeeHandler, ...(options.runWorker ? [RentChargesProcessor, JobScheduler(RENT_CHARGES_QUEUE, RENT_CHARGES_SCHEDULE)] : [])],
      exports: [RentChargePoster, LateFeePoster, TenantLedgerReader],
    };
  }
}
