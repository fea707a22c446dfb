import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TenantInput, tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { InviteeHasAccount, InviteTenant } from '../contracts/invite-tenant.command';
import { RemoveTenant } from '../commands/remove-tenant.command';
import { ResendInvitation } from '../commands/resend-invitation.command';
import { UpdateTenant } from '../commands/update-tenant.command';
import { GetLandlordTenant } from '../queries/get-landlord-tenant.query';
import { ListPropertyTenants } from '../queries/list-property-tenants.query';
import { InvitationResent, LandlordTenantAnswer, PropertyTenantsAnswer, TenantInvitedAnswer, TenantRemovedAnswer } from './tenant-responses';

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
  @ApiOkResponse({ type: PropertyTenantsAnswer })
  async list(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
  ): Promise<PropertyTenantsAnswer> {
    return { status: 'success', ...(await this.queries.execute(new ListPropertyTenants(landlord.userId, propertyId))) };
  }

  @Post()
  @ApiOperation({
    summary:
      'Adds a tenant: creates their account and emails them a create-password link. An email that already has an account gets the same answer, and its owner an email saying who tried instead (nothing is added)',
  })
  @ApiCreatedResponse({ type: TenantInvitedAnswer })
  async invite(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Body(new ZodPipe(tenantSchema)) body: TenantInput,
  ): Promise<TenantInvitedAnswer> {
    try {
      await this.commands.execute(new InviteTenant(landlord.userId, propertyId, body));
    } catch (error) {
      if (!(error instanceof InviteeHasAccount)) throw error;
    }
    // Only what was sent, normalised: a new account's id here would tell a taken email apart.
    return { status: 'success', invited: { firstName: body.firstName, lastName: body.lastName, email: body.email } };
  }

  @Get(':tenantId')
  @ApiOperation({ summary: 'One tenant of the property' })
  @ApiOkResponse({ type: LandlordTenantAnswer })
  async get(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<LandlordTenantAnswer> {
    return { status: 'success', ...(await this.queries.execute(new GetLandlordTenant(landlord.userId, propertyId, tenantId))) };
  }

  @Patch(':tenantId')
  @ApiOperation({ summary: 'Saves a tenant’s contact details; a different propertyId moves them to that property' })
  @ApiOkResponse({ type: LandlordTenantAnswer })
  async update(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
    @Body(new ZodPipe(tenantSchema)) body: TenantInput,
  ): Promise<LandlordTenantAnswer> {
    const home = await this.commands.execute(new UpdateTenant(landlord.userId, propertyId, tenantId, body));
    return { status: 'success', ...(await this.queries.execute(new GetLandlordTenant(landlord.userId, home.propertyId, tenantId))) };
  }

  @Delete(':tenantId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes a tenant: ends the tenancy and closes the account (payments stay)' })
  @ApiOkResponse({ type: TenantRemovedAnswer })
  async remove(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<TenantRemovedAnswer> {
    return { status: 'success', removed: await this.commands.execute(new RemoveTenant(landlord.userId, propertyId, tenantId)) };
  }

  @Post(':tenantId/invitation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Emails the tenant a fresh create-password link' })
  @ApiOkResponse({ type: InvitationResent })
  async resendInvitation(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Param('tenantId') tenantId: string,
  ): Promise<InvitationResent> {
    await this.commands.execute(new ResendInvitation(landlord.userId, propertyId, tenantId));
    return { status: 'success' };
  }
}
