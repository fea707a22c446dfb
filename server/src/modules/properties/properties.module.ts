import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddPropertyHandler } from './commands/add-property.handler';
import { RemovePropertyHandler } from './commands/remove-property.handler';
import { SetRentTermsHandler } from './commands/set-rent-terms.handler';
import { UpdatePropertyHandler } from './commands/update-property.handler';
import { LandlordPropertiesController } from './http/landlord-properties.controller';
import { Property } from './properties/property.entity';
import { RentHistoryEntry } from './properties/rent-history-entry.entity';
import { GetManagedPropertyHandler } from './queries/get-managed-property.handler';
import { GetManagedPropertyDetailHandler } from './queries/get-managed-property-detail.handler';
import { GetPropertyHandler } from './queries/get-property.handler';
import { GetRentTermsHandler } from './queries/get-rent-terms.handler';
import { GetRentHistoriesHandler, GetRentHistoryHandler } from './queries/get-rent-history.handler';
import { LockPropertyForTenancyHandler } from './queries/lock-property-for-tenancy.handler';
import { ListLandlordPropertiesHandler } from './queries/list-landlord-properties.handler';
import { ListPropertiesOfLandlordsHandler } from './queries/list-properties-of-landlords.handler';
import { ListManagedPropertiesHandler } from './queries/list-managed-properties.handler';

/** A landlord's properties: address, rent (with its history), rent terms (due day, late fees), and removal by archiving. */
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([Property, RentHistoryEntry])],
  controllers: [LandlordPropertiesController],
  providers: [
    AddPropertyHandler,
    UpdatePropertyHandler,
    RemovePropertyHandler,
    SetRentTermsHandler,
    GetPropertyHandler,
    LockPropertyForTenancyHandler,
    ListLandlordPropertiesHandler,
    ListPropertiesOfLandlordsHandler,
    GetRentHistoryHandler,
    GetRentHistoriesHandler,
    GetRentTermsHandler,
    GetManagedPropertyHandler,
    GetManagedPropertyDetailHandler,
    ListManagedPropertiesHandler,
  ],
})
export class PropertiesModule {}
