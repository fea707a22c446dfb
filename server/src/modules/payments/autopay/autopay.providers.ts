import type { Provider } from '@nestjs/common';
import { JobScheduler } from '../../../infrastructure/queue/job-scheduler';
import { AutopayEmailProcessor } from './autopay-email.processor';
import { AutopayPlans } from './autopay-plans';
import { AutopayRunner } from './autopay-runner';
import { AutopayProcessor } from './autopay.processor';
import { GetAutomaticPaymentsHandler } from './get-automatic-payments.handler';
import { GetAutopayHandler } from './get-autopay.handler';
import { ListLandlordAutopayHandler } from './list-landlord-autopay.handler';
import { RunAutopayHandler } from './run-autopay.handler';
import { AUTOPAY_QUEUE, AUTOPAY_SCHEDULE } from './run-autopay.job';
import { SetAutopayHandler } from './set-autopay.handler';
import { SkipAutopayMonthHandler } from './skip-autopay-month.handler';
import { TurnOffAutopayHandler } from './turn-off-autopay.handler';

/** Autopay's part of the payments module (decision 0042): it pays through PayRent and the bank accounts and mandates here. */
export const autopayProviders = (options: { runWorker: boolean }): Provider[] => [
  AutopayPlans,
  AutopayRunner,
  GetAutopayHandler,
  GetAutomaticPaymentsHandler,
  ListLandlordAutopayHandler,
  SetAutopayHandler,
  TurnOffAutopayHandler,
  SkipAutopayMonthHandler,
  RunAutopayHandler,
  ...(options.runWorker ? [AutopayProcessor, JobScheduler(AUTOPAY_QUEUE, AUTOPAY_SCHEDULE), AutopayEmailProcessor] : []),
];
