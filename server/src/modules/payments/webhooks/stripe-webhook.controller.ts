import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, Controller, Headers, HttpCode, Logger, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Queue } from 'bullmq';
import { FastifyRequest } from 'fastify';
import { Public } from '../../../infrastructure/http/public.decorator';
import { HANDLE_GATEWAY_EVENT_JOB, HandleGatewayEventJob } from '../../../infrastructure/payment-gateway/gateway-event.job';
import { GatewayEvent, InvalidWebhookSignature, PaymentGateway } from '../../../infrastructure/payment-gateway/payment-gateway.port';
import { WEBHOOKS_QUEUE } from '../../../infrastructure/queue/queue-names';

/** BullMQ job ids may not contain ':' nor be integers; Stripe's evt_... ids are neither. */
const EVENT_ID = /^[A-Za-z][\w-]{0,254}$/;

/**
 * Provider events in: verify the signature over the raw body, queue the event, answer 200 at once.
 * The event id is the job id, so an event Stripe delivers twice is queued once. The work happens in
 * WebhookProcessor; a failure there is retried by the queue, not by Stripe.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks')
export class StripeWebhookController {
  private readonly logger = new Logger(StripeWebhookController.name);

  constructor(
    private readonly gateway: PaymentGateway,
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<HandleGatewayEventJob>,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook endpoint (Connect events such as account.updated)',
    description: 'Needs the Stripe-Signature header over the exact body. Answers 400 when the signature does not verify.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ schema: { example: { status: 'success' } } })
  async receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ status: 'success' }> {
    if (!signature || !request.rawBody) throw new BadRequestException('Missing Stripe-Signature header or JSON body');
    let event: GatewayEvent;
    try {
      event = this.gateway.parseWebhook(request.rawBody, signature);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ reason: error.message }, 'Rejected a webhook with a bad signature');
      throw new BadRequestException('Invalid webhook signature');
    }
    if (!EVENT_ID.test(event.id)) throw new BadRequestException('Invalid event id');
    await this.queue.add(HANDLE_GATEWAY_EVENT_JOB, event, { jobId: event.id });
    this.logger.log({ eventId: event.id, type: event.type, accountId: event.accountId }, 'Webhook queued');
    return { status: 'success' };
  }
}
