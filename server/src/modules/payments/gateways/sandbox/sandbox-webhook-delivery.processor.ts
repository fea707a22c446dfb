import { Processor, WorkerHost } from '@nestjs/bullmq';
import { HttpAdapterHost } from '@nestjs/core';
import { Job } from 'bullmq';
import Stripe from 'stripe';
import { Clock } from '../../../../infrastructure/clock/clock';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { SANDBOX_WEBHOOKS_QUEUE } from '../../../../infrastructure/queue/queue-names';
import { DeliverSandboxEventJob } from './sandbox-events';
import { sandboxWebhookSecret } from './sandbox.gateway';

interface InjectableServer {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload: string }): Promise<{ statusCode: number; body: string }>;
}

/**
 * Signs a sandbox event with the endpoint's sandbox secret and posts it to our own endpoint: through
 * the running HTTP server when this process has one, else to PUBLIC_URL (the separate worker). A
 * refusal fails the job, which the queue retries, as Stripe retries.
 */
@Processor(SANDBOX_WEBHOOKS_QUEUE)
export class SandboxWebhookDelivery extends WorkerHost {
  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job<DeliverSandboxEventJob>): Promise<{ statusCode: number }> {
    const { endpoint, body } = job.data;
    const path = endpoint === 'connect' ? '/api/webhooks/stripe/connect' : '/api/webhooks/stripe';
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: sandboxWebhookSecret(this.config.appSecret, endpoint),
      // The sandbox's time is the application's (a fixed clock in tests), as the verifier's is.
      timestamp: this.clock.nowUnixSeconds(),
    });
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature };
    const server = this.adapterHost.httpAdapter?.getInstance<InjectableServer>();
    let statusCode: number;
    if (server && typeof server.inject === 'function') {
      ({ statusCode } = await server.inject({ method: 'POST', url: path, headers, payload: body }));
    } else {
      statusCode = (await fetch(new URL(path, this.config.env.PUBLIC_URL), { method: 'POST', headers, body })).status;
    }
    if (statusCode !== 200) throw new Error(`Our webhook endpoint answered ${statusCode} to a sandbox event`);
    return { statusCode };
  }
}
