import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InviteTenantHandler } from './commands/invite-tenant.handler';
import { RemoveTenantHandler } from './commands/remove-tenant.handler';
import { ResendInvitationHandler } from './commands/resend-invitation.handler';
import { UpdateTenantHandler } from './commands/update-tenant.handler';
import { LandlordTenantsController } from './http/landlord-tenants.controller';
import { TenantResidenceController } from './http/tenant-residence.controller';
import { ExistingAccountNotifier } from './invitations/existing-account-notifier';
import { InvitationLimit } from './invitations/invitation-limit';
import { InvitationSender } from './invitations/invitation-sender';
import { CountCurrentTenantsHandler } from './queries/count-current-tenants.handler';
import { GetLandlordTenancyHandler } from './queries/get-landlord-tenancy.handler';
import { GetLandlordTenantHandler } from './queries/get-landlord-tenant.handler';
import { GetResidenceHandler } from './queries/get-residence.handler';
import { ListPropertyTenanciesHandler, ListTenanciesOfPropertiesHandler } from './queries/list-property-tenancies.handler';
import { ListTenanciesToChargeHandler } from './queries/list-tenancies-to-charge.handler';
import { GetTenancyHandler } from './queries/get-tenancy.handler';
import { ListPropertyTenantsHandler } from './queries/list-property-tenants.handler';
import { Tenancy } from './tenancies/tenancy.entity';

/** Who lives where: tenancies (invite, move, remove) and the tenant's view of their home. */
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([Tenancy])],
  controllers: [LandlordTenantsController, TenantResidenceController],
  providers: [
    InvitationSender,
    InvitationLimit,
    ExistingAccountNotifier,
    InviteTenantHandler,
    UpdateTenantHandler,
    RemoveTenantHandler,
    ResendInvitationHandler,
    ListPropertyTenantsHandler,
    GetLandlordTenantHandler,
    GetLandlordTenancyHandler,
    GetResidenceHandler,
    GetTenancyHandler,
    CountCurrentTenantsHandler,
    ListPropertyTenanciesHandler,
    ListTenanciesToChargeHandler,
    ListTenanciesOfPropertiesHandler,
  ],
})
export class TenantsModule {}
