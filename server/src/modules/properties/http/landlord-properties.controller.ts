import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PropertyInput, propertySchema } from '@rentwise/libs/schemas/property.schema';
import { RentTermsInput, rentTermsSchema } from '@rentwise/libs/schemas/rent-terms.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { AddProperty } from '../contracts/add-property.command';
import { RemoveProperty } from '../commands/remove-property.command';
import { SetRentTerms } from '../commands/set-rent-terms.command';
import { UpdateProperty } from '../commands/update-property.command';
import { GetManagedProperty } from '../queries/get-managed-property.query';
import { GetManagedPropertyDetail } from '../queries/get-managed-property-detail.query';
import { ListManagedProperties } from '../queries/list-managed-properties.query';
import { ManagedPropertyAnswer, ManagedPropertyDetailAnswer, ManagedPropertyListAnswer, PropertyRemoved } from './property-responses';

/** A landlord's own properties. Another landlord's property id answers 404, exactly like an unknown one. */
@ApiTags('properties')
@Controller('landlord/properties')
@Roles('landlord')
export class LandlordPropertiesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The properties the signed-in landlord manages, oldest first' })
  @ApiOkResponse({ type: ManagedPropertyListAnswer })
  async list(@CurrentUser() landlord: Requester): Promise<ManagedPropertyListAnswer> {
    return { status: 'success', rows: await this.queries.execute(new ListManagedProperties(landlord.userId)) };
  }

  @Post()
  @ApiOperation({ summary: 'Adds a property (address parts and rent in whole dollars; stored in cents)' })
  @ApiCreatedResponse({ type: ManagedPropertyAnswer })
  async add(
    @CurrentUser() landlord: Requester,
    @Body(new ZodPipe(propertySchema)) body: PropertyInput,
  ): Promise<ManagedPropertyAnswer> {
    const added = await this.commands.execute(new AddProperty(landlord.userId, body));
    return { status: 'success', property: await this.queries.execute(new GetManagedProperty(landlord.userId, added.propertyId)) };
  }

  @Get(':propertyId')
  @ApiOperation({ summary: 'One of the landlord’s properties, with its number of tenants and its rent terms' })
  @ApiOkResponse({ type: ManagedPropertyDetailAnswer })
  async get(@CurrentUser() landlord: Requester, @Param('propertyId') propertyId: string): Promise<ManagedPropertyDetailAnswer> {
    return { status: 'success', property: await this.queries.execute(new GetManagedPropertyDetail(landlord.userId, propertyId)) };
  }

  @Patch(':propertyId')
  @ApiOperation({ summary: 'Changes a property’s address or rent (a rent change is kept in its rent history)' })
  @ApiOkResponse({ type: ManagedPropertyAnswer })
  async update(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Body(new ZodPipe(propertySchema)) body: PropertyInput,
  ): Promise<ManagedPropertyAnswer> {
    await this.commands.execute(new UpdateProperty(landlord.userId, propertyId, body));
    return { status: 'success', property: await this.queries.execute(new GetManagedProperty(landlord.userId, propertyId)) };
  }

  @Put(':propertyId/rent-terms')
  @ApiOperation({
    summary: 'Sets a property’s rent terms: the due day (1st to 10th) and the late fee rule (off, or grace days with a flat amount, a percentage and a daily amount up to a monthly cap)',
  })
  @ApiOkResponse({ type: ManagedPropertyDetailAnswer })
  async setRentTerms(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
    @Body(new ZodPipe(rentTermsSchema)) body: RentTermsInput,
  ): Promise<ManagedPropertyDetailAnswer> {
    await this.commands.execute(new SetRentTerms(landlord.userId, propertyId, body));
    return { status: 'success', property: await this.queries.execute(new GetManagedPropertyDetail(landlord.userId, propertyId)) };
  }

  @Delete(':propertyId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes (archives) a property without tenants; its payment history stays' })
  @ApiOkResponse({ type: PropertyRemoved })
  async remove(@CurrentUser() landlord: Requester, @Param('propertyId') propertyId: string): Promise<PropertyRemoved> {
    await this.commands.execute(new RemoveProperty(landlord.userId, propertyId));
    return { status: 'success' };
  }
}
