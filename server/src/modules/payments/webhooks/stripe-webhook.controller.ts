import { BadRequestException, Controller, Headers, HttpCode, Logger, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Faults } from '../../../infrastructure/faults/faults';
import { Public } from '../../../infrastructure/http/public.decorator';
import { Inbox } from '../../../infrastructure/inbox/inbox';
import { GatewayEvent, WebhookEndpoint } from '../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature } from '../../../infrastructure/providers/provider-errors';
import { PaymentGateway } from '../gateways/payment-gateway.port';

/** Stripe's evt_... ids; anything else is not an event id we store. */
const EVENT_ID = /^[A-Za-z][\w-]{0,254}$/;

/**
 * Provider events in: verify the signature over the raw body with the endpoint's own secret, store
 * the event in the inbox with its job (one transaction), answer 200. A redelivered event is already
 * stored: 200 again, nothing changes. The work happens from the stored row (infrastructure/inbox).
 * Stripe's calls carry no Origin or cookies and post JSON, so the cross-site checks let them through.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks/stripe')
export class StripeWebhookController {
  private readonly logger = new Logger(StripeWebhookController.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly inbox: Inbox,
    private readonly faults: Faults,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: "Stripe webhook endpoint for the platform's own account (STRIPE_WEBHOOK_SECRET)",
    description: 'Needs the Stripe-Signature header over the exact body. Answers 400, storing nothing, when it does not verify.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ schema: { example: { status: 'success' } } })
  receivePlatform(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    return this.receive('platform', request, signature);
  }

  @Post('connect')
  @HttpCode(200)
  @ApiOperation({
    summary: "Stripe Connect webhook endpoint: the landlords' accounts' charges, refunds, disputes, payouts (STRIPE_CONNECT_WEBHOOK_SECRET)",
    description: 'Needs the Stripe-Signature header over the exact body. Answers 400, storing nothing, when it does not verify.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ schema: { example: { status: 'success' } } })
  receiveConnect(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    return this.receive('connect', request, signature);
  }

  private async receive(
    endpoint: WebhookEndpoint,
    request: RawBodyRequest<FastifyRequest>,
    signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    if (!signature || !request.rawBody) throw new BadRequestException('Missing Stripe-Signature header or JSON body');
    let event: GatewayEvent;
    try {
      event = this.gateway.parseWebhook(request.rawBody, signature, endpoint);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ endpoint, reason: error.message }, 'Rejected a webhook with a bad signature');
      throw new BadRequestException('Invalid webhook signature');
    }
    if (!EVENT_ID.test(event.id)) throw new BadRequestException('Invalid event id');
    if (this.gateway.livemode && !event.livemode) {
      this.logger.warn({ endpoint, eventId: event.id }, 'Rejected a test-mode event in live mode');
      throw new BadRequestException('Test-mode events are not accepted in live mode');
    }
    const { inboxId, stored } = await this.inbox.receive(event, endpoint, this.gateway.name);
    this.logger.log(
      { endpoint, eventId: event.id, type: event.type, accountId: event.accountId, inboxId, stored },
      stored ? 'Webhook stored' : 'Webhook already stored',
    );
    this.faults.crashPoint('after-commit-before-answer');
    return { status: 'success' };
  }
}
