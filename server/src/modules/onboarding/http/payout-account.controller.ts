import { Body, Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { PayoutAccountReturnInput, payoutAccountReturnSchema } from '@rentwise/libs/schemas/registration-review.schema';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ConfirmPayoutAccount } from '../commands/confirm-payout-account.command';
import { RefreshAccountLink } from '../commands/refresh-account-link.command';
import { StartPayoutOnboarding } from '../commands/start-payout-onboarding.command';
import { payoutErrorPage } from '../onboarding-urls';
import { GetPayoutDashboardLink } from '../queries/get-payout-dashboard-link.query';
import { OnboardingSettings, PayoutAccountConfirmed, PayoutDashboardLink } from './onboarding-responses';
import { PayoutBindingCookie } from './payout-binding-cookie';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

@ApiTags('onboarding')
@Controller('onboarding')
export class PayoutAccountController {
  private readonly logger = new Logger(PayoutAccountController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly bindingCookie: PayoutBindingCookie,
    private readonly config: AppConfig,
  ) {}

  @Get('payout-account/start')
  @Public()
  @ApiOperation({
    summary: 'Step 1 of the approval email: checks the emailed token and redirects to the provider (?method=oauth for an existing Stripe account)',
  })
  async start(
    @Query('token') token: unknown,
    @Query('method') method: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const nonce = this.bindingCookie.issue(reply);
    try {
      const result = await this.commands.execute(
        new StartPayoutOnboarding(asText(token), method === 'oauth' ? 'oauth' : 'account_link', nonce),
      );
      if (result.outcome === 'redirect') return this.redirect(reply, result.url);
      this.logger.warn({ reason: result.reason }, 'A step-1 link was refused');
      this.redirect(reply, payoutErrorPage(this.config.env.PUBLIC_URL, 'link'));
    } catch (error) {
      this.logger.error({ err: error }, 'Could not start payout onboarding');
      this.redirect(reply, payoutErrorPage(this.config.env.PUBLIC_URL));
    }
  }

  @Get('payout-account/refresh')
  @Public()
  @ApiOperation({ summary: 'The provider’s refresh URL: a new onboarding link for the browser that started step 1' })
  async refresh(@Query('state') state: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    try {
      const link = await this.commands.execute(new RefreshAccountLink(asText(state), this.bindingCookie.read(request)));
      this.redirect(reply, link?.url ?? payoutErrorPage(this.config.env.PUBLIC_URL));
    } catch (error) {
      this.logger.error({ err: error }, 'Could not refresh an account link');
      this.redirect(reply, payoutErrorPage(this.config.env.PUBLIC_URL));
    }
  }

  @Post('payout-account/confirm')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'From /landlord/oAuth: verifies the signed state, exchanges the OAuth code if any, saves the account and its status',
  })
  @ApiOkResponse({ type: PayoutAccountConfirmed })
  async confirm(
    @Body(new ZodPipe(payoutAccountReturnSchema)) body: PayoutAccountReturnInput,
    @Req() request: FastifyRequest,
  ): Promise<PayoutAccountConfirmed> {
    const { payoutStatus } = await this.commands.execute(
      new ConfirmPayoutAccount(body.state, body.code, this.bindingCookie.read(request)),
    );
    return { status: 'success', payoutStatus };
  }

  @Get('payout-dashboard-link')
  @Roles('landlord')
  @ApiOperation({ summary: 'View Stripe Account: a short-lived link to the provider’s dashboard (409 before step 1 is done)' })
  @ApiOkResponse({ type: PayoutDashboardLink })
  async dashboardLink(@CurrentUser() landlord: Requester): Promise<PayoutDashboardLink> {
    const { url } = await this.queries.execute(new GetPayoutDashboardLink(landlord.userId));
    return { status: 'success', url };
  }

  @Get('config')
  @Public()
  @ApiOperation({ summary: 'What the onboarding pages show: the support address' })
  @ApiOkResponse({ type: OnboardingSettings })
  settings(): OnboardingSettings {
    return { status: 'success', supportEmail: this.config.env.SUPPORT_EMAIL };
  }

  private redirect(reply: FastifyReply, location: string): void {
    void reply.status(303).header('Cache-Control', 'no-store').header('Location', location).send();
  }
}
