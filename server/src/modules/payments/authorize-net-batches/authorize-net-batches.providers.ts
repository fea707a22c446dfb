import type { Provider } from '@nestjs/common';
import { JobScheduler } from '../../../infrastructure/queue/job-scheduler';
import { AuthorizeNetBatchRecorder } from './authorize-net-batch-recorder';
import { AuthorizeNetBatchesProcessor } from './authorize-net-batches.processor';
import { AUTHORIZE_NET_BATCHES_QUEUE, AUTHORIZE_NET_BATCHES_SCHEDULE } from './record-authorize-net-batches.job';
import { RecordAuthorizeNetBatchesHandler } from './record-authorize-net-batches.handler';

/** Authorize.Net landlords' deposits (decision 0046): their settled batches as payouts, daily and on demand. */
export const authorizeNetBatchProviders = (options: { runWorker: boolean }): Provider[] => [
  AuthorizeNetBatchRecorder,
  RecordAuthorizeNetBatchesHandler,
  ...(options.runWorker ? [AuthorizeNetBatchesProcessor, JobScheduler(AUTHORIZE_NET_BATCHES_QUEUE, AUTHORIZE_NET_BATCHES_SCHEDULE)] : []),
];
