import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ListDeclinedCards } from '../queries/list-declined-cards.query';

class DeclinedCardsByTenantDto {
  @ApiProperty({ format: 'uuid' }) tenantUserId!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Sam Rivera' }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ description: 'Declines in the last hour (the limit counts these)' }) lastHour!: number;
  @ApiProperty() last24Hours!: number;
  @ApiProperty({ format: 'date-time' }) lastDeclinedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Payments wait until then; null when under the limit' })
  limitedUntil!: string | null;
}

class DeclinedCardsByAddressDto {
  @ApiProperty({ example: '203.0.113.9' }) clientAddress!: string;
  @ApiProperty({ description: 'Tenants the declines from this address were for' }) tenants!: number;
  @ApiProperty({ description: 'Declines in the last hour (the limit counts these)' }) lastHour!: number;
  @ApiProperty() last24Hours!: number;
  @ApiProperty({ format: 'date-time' }) lastDeclinedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Payments wait until then; null when under the limit' })
  limitedUntil!: string | null;
}

class DeclinedCardsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'Declines an hour after which a tenant’s payments wait' }) perTenantLimit!: number;
  @ApiProperty({ description: 'Declines an hour after which payments from an address wait' }) perAddressLimit!: number;
  @ApiProperty({ type: [DeclinedCardsByTenantDto] }) tenants!: DeclinedCardsByTenantDto[];
  @ApiProperty({ type: [DeclinedCardsByAddressDto] }) addresses!: DeclinedCardsByAddressDto[];
}

/** The operator's view of the limit on declined cards (issue 32): who is near it or past it. */
@ApiTags('payments')
@Controller('operator/declined-cards')
@Roles('operator')
export class OperatorDeclinedCardsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Tenants and network addresses with 3 or more declined cards in the last 24 hours, most in the last hour first, and until when each is limited',
  })
  @ApiOkResponse({ type: DeclinedCardsAnswer })
  async report(): Promise<DeclinedCardsAnswer> {
    return { status: 'success', ...(await this.queries.execute(new ListDeclinedCards())) };
  }
}
