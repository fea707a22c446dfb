import { Body, Controller, ForbiddenException, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { SignInInput, signInSchema } from '@rentwise/libs/schemas/sign-in.schema';
import { RequestWithRequester } from '../../../infrastructure/http/current-user';
import { Public } from '../../../infrastructure/http/public.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { SignIn } from '../sign-in/sign-in.command';
import { SignOut } from '../sign-in/sign-out.command';
import { toUserView } from '../users/to-user-view';
import { AccountDone, SessionAnswer, UserAnswer } from './account-responses';
import { SessionCookies } from './session-cookies';
import { RequestWithSessionUser } from './session-user';

@ApiTags('account')
@Controller('account')
export class SessionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Sign in with email and password; sets the session and CSRF cookies' })
  @ApiOkResponse({ type: UserAnswer })
  async login(
    @Body(new ZodPipe(signInSchema)) body: SignInInput,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserAnswer> {
    const signedIn = await this.commands.execute(new SignIn(body.email, body.password, request.ip));
    this.cookies.set(reply, signedIn.token, signedIn.session.id);
    return { status: 'success', user: toUserView(signedIn.user) };
  }

  @Post('logout')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Ends the session server-side and clears its cookies (a live session needs the CSRF header)' })
  @ApiOkResponse({ type: AccountDone })
  async logout(
    @Req() request: FastifyRequest & RequestWithRequester,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDone> {
    if (request.requester) {
      // Public so that a stale cookie can always be cleared, but ending a live session is a write:
      // another site must not be able to sign someone out.
      if (!this.cookies.hasValidCsrfToken(request, request.requester.sessionId)) {
        throw new ForbiddenException(MESSAGES.unexpectedError);
      }
      await this.commands.execute(new SignOut(request.requester.sessionId));
    }
    this.cookies.clear(reply);
    return { status: 'success' };
  }

  @Get('validate')
  @Public()
  @ApiOperation({ summary: 'Whether the session cookie is live, and whose it is' })
  @ApiOkResponse({ type: SessionAnswer })
  validate(@Req() request: RequestWithSessionUser): SessionAnswer {
    const user = request.sessionUser ? toUserView(request.sessionUser) : null;
    return { status: 'success', isValid: Boolean(user), user };
  }
}
