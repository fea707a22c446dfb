import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreatePasswordInput, createPasswordSchema } from '@rentwise/libs/schemas/create-password.schema';
import { emailField } from '@rentwise/libs/schemas/fields';
import { ForgotPasswordInput, forgotPasswordSchema } from '@rentwise/libs/schemas/forgot-password.schema';
import { linkTokenField } from '@rentwise/libs/schemas/password-link';
import { ResetPasswordInput, resetPasswordSchema } from '@rentwise/libs/schemas/reset-password.schema';
import { Public } from '../../../infrastructure/http/public.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ActivateAccount } from '../contracts/activate-account.command';
import { CheckActivated } from '../activation/check-activated.query';
import { RequestPasswordReset } from '../password-reset/request-password-reset.command';
import { ResetPassword } from '../password-reset/reset-password.command';
import { AccountDone, ActivationStateAnswer } from './account-responses';

const checkActivatedSchema = z.object({ email: emailField, token: linkTokenField });

/** The pages reached from emailed links: forgot and reset password, and the first password. */
@ApiTags('account')
@Controller('account')
export class PasswordController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('send-password-reset')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Emails a reset link if the email has an active account; the answer is the same either way' })
  @ApiOkResponse({ type: AccountDone })
  async sendPasswordReset(
    @Body(new ZodPipe(forgotPasswordSchema)) body: ForgotPasswordInput,
    @Req() request: FastifyRequest,
  ): Promise<AccountDone> {
    await this.commands.execute(new RequestPasswordReset(body.email, request.ip));
    return { status: 'success' };
  }

  @Post('reset-password')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Sets a new password with the single-use token from the reset email; ends every session' })
  @ApiOkResponse({ type: AccountDone })
  async resetPassword(@Body(new ZodPipe(resetPasswordSchema)) body: ResetPasswordInput): Promise<AccountDone> {
    await this.commands.execute(new ResetPassword(body.email, body.token, body.password));
    return { status: 'success' };
  }

  @Post('check-activated')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Whether the account of an activation link already has a password, and whether the link still works' })
  @ApiOkResponse({ type: ActivationStateAnswer })
  async checkActivated(
    @Body(new ZodPipe(checkActivatedSchema)) body: z.output<typeof checkActivatedSchema>,
  ): Promise<ActivationStateAnswer> {
    const state = await this.queries.execute(new CheckActivated(body.email, body.token));
    return { status: 'success', ...state };
  }

  @Post('set-password')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Creates the first password from an activation link; the account becomes active' })
  @ApiOkResponse({ type: AccountDone })
  async setPassword(@Body(new ZodPipe(createPasswordSchema)) body: CreatePasswordInput): Promise<AccountDone> {
    await this.commands.execute(new ActivateAccount(body.email, body.token, body.password));
    return { status: 'success' };
  }
}
