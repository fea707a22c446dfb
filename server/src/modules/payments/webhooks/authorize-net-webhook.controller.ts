import { BadRequestException, Controller, Headers, HttpCode, Logger, NotFoundException, Param, ParseUUIDPipe, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Inbox } from '../../../infrastructure/inbox/inbox';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { GatewayEvent } from '../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature } from '../../../infrastructure/providers/provider-errors';

/** Authorize.Net's notification ids are UUIDs. */
const NOTIFICATION_ID = /^[\w-]{1,100}$/;

/** Where a landlord's Authorize.Net account sends its webhooks (Account > Webhooks in its merchant interface). */
export const authorizeNetWebhookPath = (webhookId: string): string => `/api/webhooks/authorize-net/${webhookId}`;

const webhookIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('No such webhook endpoint') });

/**
 * Authorize.Net's webhooks in, through the same inbox as Stripe's (decisions 0019, 0046): each
 * landlord's merchant account has its own URL, since a notification does not say whose it is; verify
 * X-ANET-Signature over the raw body with that account's signature key, store the notification with
 * its job, answer 200. The work (re-reading the transaction, posting it or its refund) happens from the stored row.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks/authorize-net')
export class AuthorizeNetWebhookController {
  private readonly logger = new Logger(AuthorizeNetWebhookController.name);

  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly inbox: Inbox,
  ) {}

  @Post(':webhookId')
  @HttpCode(200)
  @ApiOperation({
    summary: "Authorize.Net webhook endpoint of one landlord's merchant account (payment events)",
    description: "Needs X-ANET-Signature (sha512=HMAC of the exact body with the account's signature key). Answers 400, storing nothing, when it does not verify.",
  })
  @ApiHeader({ name: 'X-ANET-Signature', required: true })
  @ApiOkResponse({ schema: { example: { status: 'success' } } })
  @ApiNotFoundResponse({ description: 'No account has this webhook URL' })
  async receive(
    @Param('webhookId', webhookIdPipe) webhookId: string,
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-anet-signature') signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    if (!signature || !request.rawBody) throw new BadRequestException('Missing X-ANET-Signature header or JSON body');
    const gateway = await this.accounts.gatewayOfWebhook(webhookId);
    if (!gateway) throw new NotFoundException('No such webhook endpoint');
    let event: GatewayEvent;
    try {
      event = gateway.parseWebhook(request.rawBody, signature);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ reason: error.message }, 'Rejected an Authorize.Net webhook with a bad signature');
      throw new BadRequestException('Invalid webhook signature');
    }
    if (!NOTIFICATION_ID.test(event.id)) throw new BadRequestException('Invalid notification id');
    const { inboxId, stored } = await this.inbox.receive(event, 'platform', gateway.name);
    this.logger.log({ eventId: event.id, type: event.type, inboxId, stored }, stored ? 'Webhook stored' : 'Webhook already stored');
    return { status: 'success' };
  }
}
