import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import {
  RegistrationListQuery,
  registrationListQuerySchema,
  RejectRegistrationInput,
  rejectRegistrationSchema,
} from '@rentwise/libs/schemas/registration-review.schema';
import { SignUpInput, signUpSchema } from '@rentwise/libs/schemas/sign-up.schema';
import { MESSAGES } from '@rentwise/libs/messages';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ApproveRegistration } from '../contracts/approve-registration.command';
import { RegisterLandlord } from '../contracts/register-landlord.command';
import { RejectRegistration } from '../commands/reject-registration.command';
import { ListRegistrations } from '../queries/list-registrations.query';
import { SignUpAttempts } from '../sign-up/sign-up-attempts';
import { RegistrationDone, RegistrationListAnswer } from './onboarding-responses';

/** A registration id that is not a UUID names nothing: 404 like an unknown one. */
const registrationIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

@ApiTags('onboarding')
@Controller('onboarding/registrations')
export class RegistrationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly signUpAttempts: SignUpAttempts,
  ) {}

  @Post()
  @HttpCode(201)
  @Public()
  @ApiOperation({ summary: 'Landlord sign-up: a pending account and a registration for review (409 when the email is taken)' })
  @ApiCreatedResponse({ type: RegistrationDone })
  async register(
    @Body(new ZodPipe(signUpSchema)) body: SignUpInput,
    @Req() request: FastifyRequest,
  ): Promise<RegistrationDone> {
    await this.signUpAttempts.take(request.ip);
    await this.commands.execute(new RegisterLandlord(body));
    return { status: 'success' };
  }

  @Get()
  @Roles('operator')
  @ApiOperation({ summary: 'The review queue: ?status=pending (oldest first) or ?status=reviewed (latest 20)' })
  @ApiOkResponse({ type: RegistrationListAnswer })
  async list(
    @Query(new ZodPipe(registrationListQuerySchema)) query: RegistrationListQuery,
  ): Promise<RegistrationListAnswer> {
    const rows = await this.queries.execute(new ListRegistrations(query.status));
    return { status: 'success', rows };
  }

  @Post(':registrationId/approve')
  @HttpCode(200)
  @Roles('operator')
  @ApiOperation({ summary: 'Approve: emails the landlord step 1 (payout account) and step 2 (password); 409 when already reviewed' })
  @ApiOkResponse({ type: RegistrationDone })
  async approve(
    @Param('registrationId', registrationIdPipe) registrationId: string,
    @CurrentUser() operator: Requester,
  ): Promise<RegistrationDone> {
    await this.commands.execute(new ApproveRegistration(registrationId, operator.userId));
    return { status: 'success' };
  }

  @Post(':registrationId/reject')
  @HttpCode(200)
  @Roles('operator')
  @ApiOperation({ summary: 'Reject with a reason, which the landlord is emailed; 409 when already reviewed' })
  @ApiOkResponse({ type: RegistrationDone })
  async reject(
    @Param('registrationId', registrationIdPipe) registrationId: string,
    @Body(new ZodPipe(rejectRegistrationSchema)) body: RejectRegistrationInput,
    @CurrentUser() operator: Requester,
  ): Promise<RegistrationDone> {
    await this.commands.execute(new RejectRegistration(registrationId, operator.userId, body.reason));
    return { status: 'success' };
  }
}
