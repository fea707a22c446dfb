import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RecordedRentPayment, RecordRentPayment } from '../contracts/record-rent-payment.command';
import { RentPaymentJournal } from '../ledger/rent-payment-journal';

/** Rent paid outside a card attempt (the seed's history): the same journal as a card payment's. */
@CommandHandler(RecordRentPayment)
export class RecordRentPaymentHandler implements ICommandHandler<RecordRentPayment> {
  constructor(private readonly journal: RentPaymentJournal) {}

  execute({ payment, envelope }: RecordRentPayment): Promise<RecordedRentPayment> {
    return this.journal.record(payment, envelope);
  }
}
