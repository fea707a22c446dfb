import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardGatewayChoice, cardGatewayChoiceSchema } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { SetLandlordCardGateway } from '../contracts/set-landlord-card-gateway.command';
import { GetLandlordCardGateway } from '../contracts/get-landlord-card-gateway.query';
import { ErrorAnswer } from './payment-responses';

const landlordIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

class CardGatewayChangeDto {
  @ApiProperty({ enum: ['stripe', 'authorize_net'] }) fromGateway!: 'stripe' | 'authorize_net';
  @ApiProperty({ enum: ['stripe', 'authorize_net'] }) toGateway!: 'stripe' | 'authorize_net';
  @ApiProperty({ format: 'date-time' }) changedAt!: string;
  @ApiProperty({ format: 'uuid' }) changedByUserId!: string;
  @ApiProperty({ type: String, nullable: true }) changedByName!: string | null;
}

class OperatorLandlordDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ enum: ['stripe', 'authorize_net'] }) cardGateway!: 'stripe' | 'authorize_net';
  @ApiProperty({ description: "Whether the landlord's own Authorize.Net account is connected (their keys saved), so they can be moved to it" })
  authorizeNetAvailable!: boolean;
  @ApiProperty({ type: [CardGatewayChangeDto], description: 'Newest first' }) cardGatewayChanges!: CardGatewayChangeDto[];
}

class CardGatewaySet {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'False when the landlord was already on that gateway (nothing kept)' }) changed!: boolean;
}

class OperatorLandlordAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: OperatorLandlordDto }) landlord!: OperatorLandlordDto;
}

/** The operator's page of one landlord: who they are and the card gateway their tenants pay on. */
@ApiTags('operator')
@Controller('operator/landlords')
@Roles('operator')
export class OperatorCardGatewayController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':landlordUserId')
  @ApiOperation({ summary: 'One landlord as the operator sees them, with their card gateway and its audit trail' })
  @ApiOkResponse({ type: OperatorLandlordAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async landlord(@Param('landlordUserId', landlordIdPipe) landlordUserId: string): Promise<OperatorLandlordAnswer> {
    const user = await this.queries.execute(new GetUser(landlordUserId));
    if (!user || user.type !== 'landlord') throw new NotFoundException(MESSAGES.notFound);
    const gateway = await this.queries.execute(new GetLandlordCardGateway(landlordUserId));
    return {
      status: 'success',
      landlord: {
        userId: user.userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        cardGateway: gateway.gateway,
        authorizeNetAvailable: gateway.authorizeNetAvailable,
        cardGatewayChanges: gateway.changes,
      },
    };
  }

  @Put(':landlordUserId/card-gateway')
  @HttpCode(200)
  @ApiOperation({ summary: "Puts the landlord's tenants on Stripe or Authorize.Net; the change is kept with who and when" })
  @ApiOkResponse({ type: CardGatewaySet })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Moving to Authorize.Net before the landlord has an account connected' })
  async setCardGateway(
    @Param('landlordUserId', landlordIdPipe) landlordUserId: string,
    @Body(new ZodPipe(cardGatewayChoiceSchema)) body: CardGatewayChoice,
    @CurrentUser() operator: Requester,
  ): Promise<CardGatewaySet> {
    const { changed } = await this.commands.execute(new SetLandlordCardGateway(landlordUserId, body.gateway, operator.userId));
    return { status: 'success', changed };
  }
}
