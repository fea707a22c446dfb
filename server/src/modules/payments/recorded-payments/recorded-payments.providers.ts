import type { Provider } from '@nestjs/common';
import { RecordPaymentReceivedHandler } from './record-payment-received.handler';
import { VoidRecordedPaymentHandler } from './void-recorded-payment.handler';

/** Rent paid outside Rentwise, recorded and voided by the landlord (decision 0043). */
export const recordedPaymentProviders: Provider[] = [RecordPaymentReceivedHandler, VoidRecordedPaymentHandler];
