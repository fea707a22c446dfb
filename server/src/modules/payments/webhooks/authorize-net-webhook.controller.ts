import { BadRequestException, Controller, Headers, HttpCode, Logger, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Inbox } from '../../../infrastructure/inbox/inbox';
import { AuthorizeNetGateway } from '../gateways/authorize-net-gateway.port';
import { GatewayEvent } from '../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature } from '../../../infrastructure/providers/provider-errors';

/** Authorize.Net's notification ids are UUIDs. */
const NOTIFICATION_ID = /^[\w-]{1,100}$/;

/**
 * Authorize.Net's webhooks in, through the same inbox as Stripe's (decision 0019): verify
 * X-ANET-Signature over the raw body, store the notification with its job, answer 200. The work
 * (re-reading the transaction, posting it or its refund) happens from the stored row.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks/authorize-net')
export class AuthorizeNetWebhookController {
  private readonly logger = new Logger(AuthorizeNetWebhookController.name);

  constructor(
    private readonly gateway: AuthorizeNetGateway,
    private readonly inbox: Inbox,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Authorize.Net webhook endpoint (payment events; AUTHORIZE_NET_SIGNATURE_KEY)',
    description: 'Needs X-ANET-Signature (sha512=HMAC of the exact body). Answers 400, storing nothing, when it does not verify.',
  })
  @ApiHeader({ name: 'X-ANET-Signature', required: true })
  @ApiOkResponse({ schema: { example: { status: 'success' } } })
  async receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-anet-signature') signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    if (!signature || !request.rawBody) throw new BadRequestException('Missing X-ANET-Signature header or JSON body');
    let event: GatewayEvent;
    try {
      event = this.gateway.parseWebhook(request.rawBody, signature);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ reason: error.message }, 'Rejected an Authorize.Net webhook with a bad signature');
      throw new BadRequestException('Invalid webhook signature');
    }
    if (!NOTIFICATION_ID.test(event.id)) throw new BadRequestException('Invalid notification id');
    const { inboxId, stored } = await this.inbox.receive(event, 'platform', this.gateway.name);
    this.logger.log({ eventId: event.id, type: event.type, inboxId, stored }, stored ? 'Webhook stored' : 'Webhook already stored');
    return { status: 'success' };
  }
}
