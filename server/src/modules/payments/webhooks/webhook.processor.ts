import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandlerNotFoundException } from '@nestjs/cqrs';
import { Job } from 'bullmq';
import { HANDLE_GATEWAY_EVENT_JOB, HandleGatewayEventJob } from '../../../infrastructure/payment-gateway/gateway-event.job';
import {
  ConnectedAccountNotFound,
  ConnectedAccountState,
  GatewayEvent,
  PaymentGateway,
} from '../../../infrastructure/payment-gateway/payment-gateway.port';
import { WEBHOOKS_QUEUE } from '../../../infrastructure/queue/queue-names';
import { SyncPayoutAccount } from '../../onboarding/contracts/sync-payout-account.command';

/** Kept as the job's return value, so the queue shows what became of each event. */
export type WebhookOutcome =
  | { outcome: 'handled' }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'skipped'; reason: string };

/**
 * Works the `webhooks` queue: each provider event becomes a command of the module that owns the
 * change. Unknown event types are acknowledged and ignored; an event whose target is gone (or
 * whose handler does not exist yet) finishes as skipped; anything else that fails is retried.
 */
@Processor(WEBHOOKS_QUEUE)
export class WebhookProcessor extends WorkerHost {
  private readonly logger = new Logger(WebhookProcessor.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly gateway: PaymentGateway,
  ) {
    super();
  }

  async process(job: Job<HandleGatewayEventJob>): Promise<WebhookOutcome> {
    if (job.name !== HANDLE_GATEWAY_EVENT_JOB) return this.skip(job.data, `unknown job ${job.name}`);
    const event = job.data;
    switch (event.type) {
      case 'account.updated':
        return this.syncPayoutAccount(event);
      default:
        this.logger.debug({ eventId: event.id, type: event.type }, 'Ignoring a webhook event type we do not handle');
        return { outcome: 'ignored', reason: `unhandled event type ${event.type}` };
    }
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<HandleGatewayEventJob> | undefined, error: Error): void {
    this.logger.error(
      { err: error, jobId: job?.id, eventId: job?.data.id, type: job?.data.type, attempt: job?.attemptsMade },
      'Webhook event failed; the queue will retry it',
    );
  }

  /**
   * Events can arrive late and out of order, so the account is read back from the provider rather
   * than trusting the flags in the event: the last sync always writes the current state.
   */
  private async syncPayoutAccount(event: GatewayEvent): Promise<WebhookOutcome> {
    if (!event.accountId) return this.skip(event, 'the event names no account');
    let account: ConnectedAccountState;
    try {
      account = await this.gateway.retrieveAccount(event.accountId);
    } catch (error) {
      if (error instanceof ConnectedAccountNotFound) return this.skip(event, 'the provider no longer knows the account');
      throw error;
    }
    const command = new SyncPayoutAccount(
      account.accountId,
      account.chargesEnabled,
      account.payoutsEnabled,
      account.detailsSubmitted,
    );
    try {
      await this.commandBus.execute(command);
    } catch (error) {
      if (error instanceof CommandHandlerNotFoundException) return this.skip(event, 'no handler for SyncPayoutAccount');
      throw error;
    }
    this.logger.log({ eventId: event.id, accountId: account.accountId }, 'Payout account synced');
    return { outcome: 'handled' };
  }

  private skip(event: GatewayEvent | undefined, reason: string): WebhookOutcome {
    this.logger.warn({ eventId: event?.id, type: event?.type, accountId: event?.accountId, reason }, 'Webhook event skipped');
    return { outcome: 'skipped', reason };
  }
}
