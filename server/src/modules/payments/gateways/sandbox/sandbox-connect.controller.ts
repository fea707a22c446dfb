import { Body, Controller, Get, NotFoundException, Post, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { acceptsBody } from '../../../../infrastructure/http/cross-site-defences';
import { Public } from '../../../../infrastructure/http/public.decorator';
import { SandboxAccount, SandboxAccounts } from './sandbox-accounts';
import { SANDBOX_BASE_PATH, SandboxLinks, SandboxPage } from './sandbox-links';
import { dashboardPage, oauthPage, onboardingPage, problemPage } from './sandbox-pages';

type Fields = Record<string, unknown>;

// The hosted pages post plain HTML forms back to themselves (same origin), as Stripe's do.
const FORM_BODY = acceptsBody('application/x-www-form-urlencoded');

const ONBOARD_FIELDS = ['account', 'refresh_url', 'return_url'] as const;
const OAUTH_FIELDS = ['state', 'redirect_uri', 'email'] as const;
const DASHBOARD_FIELDS = ['account'] as const;

/** Only absolute http(s) URLs are redirect targets. */
function webUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function withQuery(url: URL, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * The sandbox's hosted pages (development and tests only; never mounted in production):
 *   GET/POST /api/sandbox/connect/onboard          Account Link target; returns to return_url
 *   GET/POST /api/sandbox/connect/oauth/authorize  OAuth; returns to redirect_uri?code=...&state=...
 *   GET/POST /api/sandbox/connect/dashboard        the "Express dashboard"
 * Every link is signed by SandboxLinks; a tampered one gets 400, an expired account link goes to
 * refresh_url as Stripe's does.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/connect')
export class SandboxConnectController {
  constructor(
    private readonly config: AppConfig,
    private readonly links: SandboxLinks,
    private readonly accounts: SandboxAccounts,
  ) {}

  @Get('onboard')
  async showOnboarding(@Query() query: Fields, @Res() reply: FastifyReply): Promise<void> {
    const link = this.checkLink('onboard', query, ONBOARD_FIELDS, reply);
    if (!link) return;
    const account = await this.findAccount(link.params.account, reply);
    if (!account) return;
    const returnUrl = webUrl(link.params.return_url);
    if (!returnUrl) return this.problem(reply, 400, 'This link is not valid', 'The return address is not a web address.');
    this.page(reply, onboardingPage(account, `${SANDBOX_BASE_PATH}/onboard`, link.fields), [returnUrl]);
  }

  @Post('onboard')
  @RouteConfig(FORM_BODY)
  async finishOnboarding(@Body() body: Fields, @Res() reply: FastifyReply): Promise<void> {
    const link = this.checkLink('onboard', body, ONBOARD_FIELDS, reply);
    if (!link) return;
    const returnUrl = webUrl(link.params.return_url);
    if (!returnUrl) return this.problem(reply, 400, 'This link is not valid', 'The return address is not a web address.');
    if (body.decision === 'complete') {
      const account = await this.accounts.completeOnboarding(link.params.account);
      if (!account) return this.problem(reply, 404, 'Unknown payout account', 'The sandbox has no such account.');
    }
    // Like Stripe, the return carries nothing: the product asks the provider how far the landlord got.
    this.redirect(reply, returnUrl.toString());
  }

  @Get('oauth/authorize')
  showAuthorization(@Query() query: Fields, @Res() reply: FastifyReply): void {
    const link = this.checkLink('oauth/authorize', query, OAUTH_FIELDS, reply);
    if (!link) return;
    const redirectUri = webUrl(link.params.redirect_uri);
    if (!redirectUri) return this.problem(reply, 400, 'This link is not valid', 'The redirect address is not a web address.');
    this.page(reply, oauthPage(`${SANDBOX_BASE_PATH}/oauth/authorize`, link.fields, link.params.email), [redirectUri]);
  }

  @Post('oauth/authorize')
  @RouteConfig(FORM_BODY)
  async authorize(@Body() body: Fields, @Res() reply: FastifyReply): Promise<void> {
    const link = this.checkLink('oauth/authorize', body, OAUTH_FIELDS, reply);
    if (!link) return;
    const redirectUri = webUrl(link.params.redirect_uri);
    if (!redirectUri) return this.problem(reply, 400, 'This link is not valid', 'The redirect address is not a web address.');
    const state = link.params.state ?? '';
    if (body.decision !== 'allow') {
      return this.redirect(
        reply,
        withQuery(redirectUri, { error: 'access_denied', error_description: 'The user denied your request', state }),
      );
    }
    const code = await this.accounts.authorizeExisting();
    this.redirect(reply, withQuery(redirectUri, { scope: 'read_write', code, state }));
  }

  @Get('dashboard')
  async showDashboard(@Query() query: Fields, @Res() reply: FastifyReply): Promise<void> {
    const link = this.checkLink('dashboard', query, DASHBOARD_FIELDS, reply);
    if (!link) return;
    const account = await this.findAccount(link.params.account, reply);
    if (!account) return;
    const home = `${this.config.env.PUBLIC_URL.replace(/\/+$/, '')}/`;
    this.page(reply, dashboardPage(account, `${SANDBOX_BASE_PATH}/dashboard`, link.fields, home), []);
  }

  @Post('dashboard')
  @RouteConfig(FORM_BODY)
  async simulate(@Body() body: Fields, @Res() reply: FastifyReply): Promise<void> {
    const link = this.checkLink('dashboard', body, DASHBOARD_FIELDS, reply);
    if (!link) return;
    const accountId = link.params.account;
    const account = await this.findAccount(accountId, reply);
    if (!account) return;
    if (body.decision === 'restrict') {
      await this.accounts.update(accountId, { chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true });
    } else if (body.decision === 'activate') {
      await this.accounts.completeOnboarding(accountId);
    }
    this.redirect(reply, `${SANDBOX_BASE_PATH}/dashboard?${new URLSearchParams(link.fields).toString()}`);
  }

  /** The signed fields (to post back from the page's form) or undefined once an answer was sent. */
  private checkLink(
    page: SandboxPage,
    fields: Fields,
    names: readonly string[],
    reply: FastifyReply,
  ): { params: Record<string, string>; fields: Record<string, string> } | undefined {
    // Never in production: AppConfig already refuses to start there without Stripe keys.
    if (this.config.isProduction) throw new NotFoundException();
    const check = this.links.check(page, fields, names);
    if (check.valid) {
      return { params: check.params, fields: { ...check.params, signature: String(fields.signature) } };
    }
    const refreshUrl = webUrl(check.params.refresh_url);
    if (check.reason === 'expired' && refreshUrl) {
      this.redirect(reply, refreshUrl.toString());
    } else if (check.reason === 'expired') {
      this.problem(reply, 410, 'This link has expired', 'Go back to Rentwise and start again.');
    } else {
      this.problem(reply, 400, 'This link is not valid', 'Go back to Rentwise and start again.');
    }
    return undefined;
  }

  private async findAccount(accountId: string | undefined, reply: FastifyReply): Promise<SandboxAccount | undefined> {
    const account = accountId ? await this.accounts.find(accountId) : undefined;
    if (!account) this.problem(reply, 404, 'Unknown payout account', 'The sandbox has no such account.');
    return account;
  }

  /** A page's own CSP: nothing but inline styles, and its form may lead only to where the flow returns. */
  private page(reply: FastifyReply, html: string, formTargets: URL[]): void {
    const formAction = ["'self'", ...new Set(formTargets.map((url) => url.origin))].join(' ');
    const policy = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
    void reply
      .status(200)
      .header('Content-Security-Policy', policy)
      .header('Cache-Control', 'no-store')
      // Not no-referrer: a form posted from a no-referrer page carries `Origin: null`, which the cross-site defences refuse.
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  private problem(reply: FastifyReply, status: number, heading: string, message: string): void {
    void reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(problemPage(heading, message));
  }

  private redirect(reply: FastifyReply, location: string): void {
    void reply.status(303).header('Cache-Control', 'no-store').header('Location', location).send();
  }
}
