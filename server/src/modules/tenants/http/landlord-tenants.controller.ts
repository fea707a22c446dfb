import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { TenantInput, tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { InviteTenant } from '../contracts/invite-tenant.command';
import { RemoveTenant } from '../commands/remove-tenant.command';
import { ResendInvitation } from '../commands/resend-invitation.command';
import { UpdateTenant } from '../commands/update-tenant.command';
import { GetLandlordTenant } from '../queries/get-landlord-tenant.query';
import type { LandlordTenantView, TenantPropertyView } from '../queries/landlord-tenant-view';
import { ListPropertyTenants } from '../queries/list-property-tenants.query';

interface TenantAnswer {
  status: 'success';
  property: TenantPropertyView;
  tenant: LandlordTenantView;
}

/**
 * The tenants of a landlord's property. Any id that is not this landlord's (property or tenant)
 * answers 404, exactly like an unknown one.
 */
@ApiTags('tenants')
@Controller('landlord/properties/:propertyId/tenants')
@Roles('landlord')
export class LandlordTenantsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The property and the tenants living there now' })
  async list(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
  ): Promise<{ status: 'success'; property: TenantPropertyView; rows: LandlordTenantView[] }> {
    return { status: 'success', ...(await this.queries.execute(new ListPropertyTenants(landlord.userId, propertyId))) };
  }

  @Post()
  @ApiOperation({ summary: 'Adds a tenant: creates their account and emails them a create-password link' })
  async invite(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Body(new ZodPipe(tenantSchema)) body: TenantInput,
  ): Promise<TenantAnswer> {
    const { tenantUserId } = await this.commands.execute(new InviteTenant(landlord.userId, propertyId, body));
    return { status: 'success', ...(await this.queries.execute(new GetLandlordTenant(landlord.userId, propertyId, tenantUserId))) };
  }

  @Get(':tenantId')
  @ApiOperation({ summary: 'One tenant of the property' })
  async get(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<TenantAnswer> {
    return { status: 'success', ...(await this.queries.execute(new GetLandlordTenant(landlord.userId, propertyId, tenantId))) };
  }

  @Patch(':tenantId')
  @ApiOperation({ summary: 'Saves a tenant’s contact details; a different propertyId moves them to that property' })
  async update(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
    @Body(new ZodPipe(tenantSchema)) body: TenantInput,
  ): Promise<TenantAnswer> {
    const home = await this.commands.execute(new UpdateTenant(landlord.userId, propertyId, tenantId, body));
    return { status: 'success', ...(await this.queries.execute(new GetLandlordTenant(landlord.userId, home.propertyId, tenantId))) };
  }

  @Delete(':tenantId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes a tenant: ends the tenancy and closes the account (payments stay)' })
  async remove(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<{ status: 'success'; removed: { name: string } }> {
    return { status: 'success', removed: await this.commands.execute(new RemoveTenant(landlord.userId, propertyId, tenantId)) };
  }

  @Post(':tenantId/invitation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Emails the tenant a fresh create-password link' })
  async resendInvitation(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<{ status: 'success' }> {
    await this.commands.execute(new ResendInvitation(landlord.userId, propertyId, tenantId));
    return { status: 'success' };
  }
}
