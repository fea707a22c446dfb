import { Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import {
  fromReminderSettings,
  type PropertyRemindersInput,
  propertyRemindersSchema,
  type TenantRemindersInput,
  tenantRemindersSchema,
  toReminderSettings,
  type UnpaidBalancesQuery,
  unpaidBalancesQuerySchema,
} from '@rentwise/libs/schemas/reminders.schema';
import { sortUnpaidBalances, type UnpaidBalanceRow } from '@rentwise/libs/unpaid-balances';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ListUnpaidBalances } from '../queries/list-unpaid-balances.query';
import { GetPropertyReminders } from '../reminders/get-property-reminders.query';
import { GetTenantReminders } from '../reminders/get-tenant-reminders.query';
import { SetPropertyReminders } from '../reminders/set-property-reminders.command';
import { SetTenantReminders } from '../reminders/set-tenant-reminders.command';
import { ErrorAnswer } from './payment-responses';

const propertyIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

class TenantRemindersAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'Whether the tenant gets rent reminders by email (due in 3 days, due today, late, late fee)' })
  remindersOn!: boolean;
}

class PropertyReminders implements PropertyRemindersInput {
  @ApiProperty({ description: 'Rent due in 3 days, at 9:00 on the landlord’s clock' }) dueSoon!: boolean;
  @ApiProperty({ description: 'Rent due today, at 9:00' }) dueToday!: boolean;
  @ApiProperty({ description: 'Rent late, at 9:00 on the first day after the grace period, while the balance is above zero' }) late!: boolean;
  @ApiProperty({ description: 'A late fee was posted' }) lateFee!: boolean;
  @ApiProperty({ description: 'The landlord’s Monday summary of unpaid balances includes this property' }) weeklySummary!: boolean;
}

class PropertyRemindersAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Springfield, IL 62704' }) propertyAddress!: string;
  @ApiProperty({ type: PropertyReminders }) reminders!: PropertyReminders;
}

class UnpaidBalance implements UnpaidBalanceRow {
  @ApiProperty({ format: 'uuid' }) tenantUserId!: string;
  @ApiProperty({ example: 'Sam Rivera' }) tenantName!: string;
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Springfield, IL 62704' }) propertyAddress!: string;
  @ApiProperty({ example: 150_000, description: 'What the tenant owes now, in cents (always above zero here)' }) balanceCents!: number;
  @ApiProperty({ example: 12, description: 'Whole days since the oldest unpaid charge became late (after the grace period); 0 while within it' })
  daysLate!: number;
}

class UnpaidBalancesAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [UnpaidBalance] }) rows!: UnpaidBalance[];
}

/** The tenant's reminder switch (decision 0041). */
@ApiTags('reminders')
@Controller('tenant/reminders')
@Roles('tenant')
export class TenantRemindersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Whether the tenant gets rent reminders by email' })
  @ApiOkResponse({ type: TenantRemindersAnswer })
  async get(@CurrentUser() tenant: Requester): Promise<TenantRemindersAnswer> {
    return { status: 'success', ...(await this.queries.execute(new GetTenantReminders(tenant.userId))) };
  }

  @Put()
  @ApiOperation({ summary: 'Turns the tenant’s rent reminders on or off' })
  @ApiOkResponse({ type: TenantRemindersAnswer })
  async set(@CurrentUser() tenant: Requester, @Body(new ZodPipe(tenantRemindersSchema)) body: TenantRemindersInput): Promise<TenantRemindersAnswer> {
    await this.commands.execute(new SetTenantReminders(tenant.userId, body.remindersOn));
    return this.get(tenant);
  }
}

/** The landlord's reminder settings per property, and who owes what (decision 0041). */
@ApiTags('reminders')
@Controller('landlord')
@Roles('landlord')
export class LandlordRemindersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('balances')
  @ApiOperation({ summary: 'Who owes what: each current tenant of the landlord’s properties with a balance above zero, with days late' })
  @ApiOkResponse({ type: UnpaidBalancesAnswer })
  async balances(
    @CurrentUser() landlord: Requester,
    @Query(new ZodPipe(unpaidBalancesQuerySchema)) query: UnpaidBalancesQuery,
  ): Promise<UnpaidBalancesAnswer> {
    const rows = await this.queries.execute(new ListUnpaidBalances(landlord.userId));
    return { status: 'success', rows: sortUnpaidBalances(rows, query.sort ?? 'balance', query.order ?? (query.sort === 'tenant' || query.sort === 'property' ? 'asc' : 'desc')) };
  }

  @Get('properties/:propertyId/reminders')
  @ApiOperation({ summary: 'Which reminders go out for one of the landlord’s properties (all on until turned off)' })
  @ApiOkResponse({ type: PropertyRemindersAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async propertyReminders(@CurrentUser() landlord: Requester, @Param('propertyId', propertyIdPipe) propertyId: string): Promise<PropertyRemindersAnswer> {
    const view = await this.queries.execute(new GetPropertyReminders(landlord.userId, propertyId));
    if (!view) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', propertyId: view.propertyId, propertyAddress: view.propertyAddress, reminders: fromReminderSettings(view.settings) };
  }

  @Put('properties/:propertyId/reminders')
  @ApiOperation({ summary: 'Turns each kind of reminder on or off for one of the landlord’s properties' })
  @ApiOkResponse({ type: PropertyRemindersAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async setPropertyReminders(
    @CurrentUser() landlord: Requester,
    @Param('propertyId', propertyIdPipe) propertyId: string,
    @Body(new ZodPipe(propertyRemindersSchema)) body: PropertyRemindersInput,
  ): Promise<PropertyRemindersAnswer> {
    const saved = await this.commands.execute(new SetPropertyReminders(landlord.userId, propertyId, toReminderSettings(body)));
    if (!saved) throw new NotFoundException(MESSAGES.notFound);
    return this.propertyReminders(landlord, propertyId);
  }
}
