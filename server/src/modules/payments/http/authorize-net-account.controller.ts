import { Body, Controller, Get, HttpCode, Injectable, NotFoundException, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { AUTHORIZE_NET_ENVIRONMENTS, type AuthorizeNetEnvironment, type AuthorizeNetKeysInput, authorizeNetKeysSchema } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetAuthorizeNetAccount } from '../authorize-net-accounts/get-authorize-net-account.query';
import { SaveAuthorizeNetAccount } from '../authorize-net-accounts/save-authorize-net-account.command';
import { ErrorAnswer } from './payment-responses';

class ConnectedAuthorizeNetAccountDto {
  @ApiProperty({ example: '5KP3u95bQpv' }) apiLoginId!: string;
  @ApiProperty({ description: "Accept.js's public key (the browser sees it anyway)" }) publicClientKey!: string;
  @ApiProperty({ description: "Paste into Authorize.Net's Account > Webhooks (payment events)" }) webhookUrl!: string;
  @ApiProperty({ format: 'date-time' }) savedAt!: string;
  @ApiProperty({ type: String, nullable: true }) savedByName!: string | null;
}

class AuthorizeNetAccountAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ enum: AUTHORIZE_NET_ENVIRONMENTS, description: "Which Authorize.Net keys are for: 'offline' is the development stand-in" })
  environment!: AuthorizeNetEnvironment;
  @ApiProperty({ enum: ['stripe', 'authorize_net'], description: "The gateway the landlord's tenants pay cards on (an operator's choice)" })
  cardGateway!: 'stripe' | 'authorize_net';
  @ApiProperty({ type: ConnectedAuthorizeNetAccountDto, nullable: true, description: 'Never the transaction or signature key' })
  account!: ConnectedAuthorizeNetAccountDto | null;
}

const landlordIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

/** Reads and saves a landlord's own Authorize.Net keys: for the landlord themselves and for an operator on their behalf. */
// Injectable so its constructor's types are recorded for the controllers that inherit it.
@Injectable()
abstract class AuthorizeNetAccountEndpoints {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly queries: QueryBus,
  ) {}

  protected async answer(landlordUserId: string): Promise<AuthorizeNetAccountAnswer> {
    return { status: 'success', ...(await this.queries.execute(new GetAuthorizeNetAccount(landlordUserId))) };
  }

  protected async save(landlordUserId: string, keys: AuthorizeNetKeysInput, savedBy: Requester): Promise<AuthorizeNetAccountAnswer> {
    await this.commands.execute(new SaveAuthorizeNetAccount(landlordUserId, keys, savedBy.userId));
    return this.answer(landlordUserId);
  }
}

const SAVE_DESCRIPTION =
  'The keys are checked with Authorize.Net (authenticateTestRequest) before anything is kept; the transaction and signature keys are stored sealed and never answered.';

@ApiTags('landlord')
@Controller('landlord/authorize-net-account')
@Roles('landlord')
export class LandlordAuthorizeNetAccountController extends AuthorizeNetAccountEndpoints {
  @Get()
  @ApiOperation({ summary: 'The Authorize.Net merchant account the landlord connected, if any' })
  @ApiOkResponse({ type: AuthorizeNetAccountAnswer })
  get(@CurrentUser() landlord: Requester): Promise<AuthorizeNetAccountAnswer> {
    return this.answer(landlord.userId);
  }

  @Put()
  @HttpCode(200)
  @ApiOperation({ summary: "Connects or replaces the landlord's own Authorize.Net merchant account", description: SAVE_DESCRIPTION })
  @ApiOkResponse({ type: AuthorizeNetAccountAnswer })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'Authorize.Net did not accept the keys' })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Another landlord has connected this merchant account' })
  @ApiServiceUnavailableResponse({ type: ErrorAnswer, description: 'Authorize.Net did not answer' })
  put(@CurrentUser() landlord: Requester, @Body(new ZodPipe(authorizeNetKeysSchema)) keys: AuthorizeNetKeysInput): Promise<AuthorizeNetAccountAnswer> {
    return this.save(landlord.userId, keys, landlord);
  }
}

@ApiTags('operator')
@Controller('operator/landlords/:landlordUserId/authorize-net-account')
@Roles('operator')
export class OperatorAuthorizeNetAccountController extends AuthorizeNetAccountEndpoints {
  @Get()
  @ApiOperation({ summary: "A landlord's Authorize.Net merchant account, as the operator sees it" })
  @ApiOkResponse({ type: AuthorizeNetAccountAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  async get(@Param('landlordUserId', landlordIdPipe) landlordUserId: string): Promise<AuthorizeNetAccountAnswer> {
    const user = await this.queries.execute(new GetUser(landlordUserId));
    if (!user || user.type !== 'landlord') throw new NotFoundException(MESSAGES.notFound);
    return this.answer(landlordUserId);
  }

  @Put()
  @HttpCode(200)
  @ApiOperation({ summary: "Connects or replaces a landlord's Authorize.Net merchant account on their behalf", description: SAVE_DESCRIPTION })
  @ApiOkResponse({ type: AuthorizeNetAccountAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer })
  @ApiUnprocessableEntityResponse({ type: ErrorAnswer, description: 'Authorize.Net did not accept the keys' })
  @ApiConflictResponse({ type: ErrorAnswer, description: 'Another landlord has connected this merchant account' })
  @ApiServiceUnavailableResponse({ type: ErrorAnswer, description: 'Authorize.Net did not answer' })
  put(
    @Param('landlordUserId', landlordIdPipe) landlordUserId: string,
    @Body(new ZodPipe(authorizeNetKeysSchema)) keys: AuthorizeNetKeysInput,
    @CurrentUser() operator: Requester,
  ): Promise<AuthorizeNetAccountAnswer> {
    return this.save(landlordUserId, keys, operator);
  }
}
