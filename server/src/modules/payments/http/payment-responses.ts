import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI shapes of the payments endpoints' answers, so the client can generate its types. */

export class AuthorizeNetSetupDto {
  @ApiProperty({ enum: ['accept_js', 'sandbox'], description: 'Accept.js (Authorize.Net), or the offline sandbox tokenizer' })
  kind!: 'accept_js' | 'sandbox';
  @ApiPropertyOptional({ description: 'Accept.js script URL (accept_js)' }) scriptUrl?: string;
  @ApiPropertyOptional({ description: 'API login id for Accept.js authData (accept_js)' }) apiLoginId?: string;
  @ApiPropertyOptional({ description: 'Public client key for Accept.js authData (accept_js)' }) clientKey?: string;
  @ApiPropertyOptional({ description: 'Where the sandbox card form posts the card (sandbox)' }) tokenizerUrl?: string;
}

export class SavedBankAccountDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'STRIPE TEST BANK' }) bankName!: string;
  @ApiProperty({ example: '6789' }) last4!: string;
}

export class MandatePartiesDto {
  @ApiProperty({ description: 'The account holder: the signed-in tenant' }) tenantName!: string;
  @ApiProperty({ description: 'Who debits the account: the landlord' }) landlordName!: string;
  @ApiProperty() propertyAddress!: string;
}

export class BankDebitSetupDto {
  @ApiProperty({ description: 'The bank fee added to a bank payment, in cents (a platform setting, 0 by default)' }) feeCents!: number;
  @ApiProperty({ enum: ['sandbox', 'stripe'], description: 'How an account is linked: the sandbox’s stand-in page, or Stripe’s Financial Connections' })
  linkWith!: 'sandbox' | 'stripe';
  @ApiProperty({ description: 'The bank debit authorization’s version; the tenant accepts it with the payment' }) mandateVersion!: string;
  @ApiProperty({ type: MandatePartiesDto, description: 'Who the authorization names (libs/bank-debits bankDebitMandateText)' })
  mandateParties!: MandatePartiesDto;
  @ApiProperty({ type: [SavedBankAccountDto], description: 'Accounts the tenant saved for next time (blocked ones left out)' })
  savedAccounts!: SavedBankAccountDto[];
}

export class PaymentSetupDto {
  @ApiProperty({ description: 'The monthly rent today, in cents' }) rentCents!: number;
  @ApiProperty({ description: 'What the tenant owes now, in cents (as GET /api/tenant/balance; negative is credit, 0 without a home): shown beside the rent' })
  balanceCents!: number;
  @ApiProperty({ description: 'Processing fee added to a payment made now, in cents (699)' }) processingFeeCents!: number;
  @ApiProperty({ enum: ['sandbox', 'stripe'] }) gateway!: 'sandbox' | 'stripe';
  @ApiProperty({ type: String, nullable: true, description: 'Stripe.js publishable key; null for the sandbox' })
  publishableKey!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The landlord’s connected account (Stripe.js stripeAccount option)' })
  connectedAccountId!: string | null;
  @ApiProperty({ enum: ['stripe', 'authorize_net'], description: 'The landlord’s card gateway: which card screen to show' })
  cardGateway!: 'stripe' | 'authorize_net';
  @ApiProperty({ type: AuthorizeNetSetupDto, nullable: true, description: 'Authorize.Net only: what the Authorize.Net card form needs' })
  authorizeNetSetup!: AuthorizeNetSetupDto | null;
  @ApiProperty({
    type: BankDebitSetupDto,
    nullable: true,
    description: 'Paying from a bank account, when the landlord can take bank debits (a Stripe account with ACH payments); null otherwise',
  })
  bankDebit!: BankDebitSetupDto | null;
  @ApiProperty() canPay!: boolean;
  @ApiProperty({ type: String, nullable: true }) cannotPayReason!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When this session signed in' }) signedInAt!: string;
}

export class PaymentSetupAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: PaymentSetupDto }) setup!: PaymentSetupDto;
}

export class PaymentDto {
  @ApiProperty({ format: 'uuid', description: 'The ledger transaction id' }) receiptId!: string;
  @ApiProperty({ description: 'What the card was charged: amountCents + processingFeeCents' }) chargedCents!: number;
  @ApiProperty({ description: 'What the tenant entered' }) amountCents!: number;
  @ApiProperty() processingFeeCents!: number;
  @ApiProperty({ format: 'date-time', description: 'When the provider charged the card, or the bank was asked to debit the account' }) paidAt!: string;
  @ApiProperty({
    enum: ['succeeded', 'processing', 'failed'],
    description:
      'succeeded: paid (cards at once); processing: the bank debit is on its way (about 4 business days); failed: the bank refused it since (a replay answers the state now)',
  })
  paymentStatus!: 'succeeded' | 'processing' | 'failed';
}

export class PaymentAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: PaymentDto }) payment!: PaymentDto;
}

export class PaymentRowDto {
  @ApiProperty({ format: 'uuid' }) receiptId!: string;
  @ApiProperty({ format: 'date-time' }) paidAt!: string;
  @ApiProperty() chargedCents!: number;
  @ApiProperty({ example: 'Rent payment: 123 Main St, Apt 2' }) description!: string;
  @ApiProperty({
    enum: ['processing', 'succeeded', 'refunded', 'partly_refunded', 'disputed', 'failed', 'recorded', 'voided'],
    description:
      'processing: a bank debit on its way; failed: the bank refused it (failureReason says why); recorded: paid outside Rentwise and recorded by the landlord; voided: a recorded payment the landlord voided',
  })
  status!: 'processing' | 'succeeded' | 'refunded' | 'partly_refunded' | 'disputed' | 'failed' | 'recorded' | 'voided';
  @ApiProperty({ type: String, nullable: true, description: 'Why the bank refused a failed bank debit; null otherwise' })
  failureReason!: string | null;
  @ApiProperty({ description: 'Made by autopay, not at the payment screen' }) automatic!: boolean;
}

export class NextRentDueDto {
  @ApiProperty({ format: 'date-time', description: 'The first moment of the next due day, in the landlord’s time zone' }) dueAt!: string;
  @ApiProperty({ description: 'The rent due then (the rent today), in cents' }) amountCents!: number;
}

export class TenantBalanceDto {
  @ApiProperty({ description: 'What the tenant owes now, in cents: rent charged less what they paid toward it; negative is credit' })
  balanceCents!: number;
  @ApiProperty({ type: NextRentDueDto }) nextDue!: NextRentDueDto;
  @ApiProperty({ example: 'America/New_York', description: 'The landlord’s time zone: nextDue.dueAt is a date on its calendar' }) timeZone!: string;
  @ApiProperty({ type: PaymentRowDto, nullable: true }) lastPayment!: PaymentRowDto | null;
}

export class TenantBalanceAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: TenantBalanceDto }) balance!: TenantBalanceDto;
}

export class PaymentListAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [PaymentRowDto] }) rows!: PaymentRowDto[];
}

export class LandlordContactDto {
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
}

export class DisputedAfterRefundDto {
  @ApiProperty({ description: 'Refunded before the dispute opened, in cents' }) refundedCents!: number;
  @ApiProperty({ format: 'date-time', description: 'When the last refund before the dispute was made' }) refundedAt!: string;
  @ApiProperty({ format: 'date-time' }) disputeOpenedAt!: string;
  @ApiProperty({ description: 'What the dispute holds from the landlord until it closes, in cents' }) disputedCents!: number;
  @ApiProperty({ description: 'What the card holder would get back twice if the dispute is lost, in cents' }) atRiskCents!: number;
}

export class RecordedPaymentVoidedDto {
  @ApiProperty({ example: 'The check bounced' }) reason!: string;
  @ApiProperty({ format: 'date-time' }) voidedAt!: string;
}

export class RecordedPaymentReceiptDto {
  @ApiProperty({ format: 'date', example: '2026-03-05', description: 'The day received, on the landlord’s calendar' }) receivedOn!: string;
  @ApiProperty({ example: 'March 2026', description: 'The billing month it paid (the 10th-of-month cut-off)' }) periodCovered!: string;
  @ApiProperty({ example: 'Dana Whitaker', description: 'Who recorded it' }) recordedBy!: string;
  @ApiProperty({ type: RecordedPaymentVoidedDto, nullable: true, description: 'Set once the landlord voided it' }) voided!: RecordedPaymentVoidedDto | null;
}

export class ReceiptRefundDto {
  @ApiProperty({ example: 10_000 }) amountCents!: number;
  @ApiProperty({ format: 'date-time' }) refundedAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The landlord’s reason; null for a refund made in the provider’s own dashboard' })
  reason!: string | null;
}

export class RefundOptionDto {
  @ApiProperty({ description: 'What the payment charged the tenant' }) chargedCents!: number;
  @ApiProperty({ description: 'Refunded already, and asked for and not yet answered' }) refundedCents!: number;
  @ApiProperty({ description: 'What can still be refunded' }) leftCents!: number;
  @ApiProperty({ description: 'Our platform fee on the payment: kept on a refund (decision 0044)' }) platformFeeCents!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The processor’s fee on the landlord’s account: not returned on a refund; null when not theirs or not known' })
  processorFeeCents!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the payment cannot be refunded now; null when it can' }) refusal!: string | null;
}

export class ReceiptDto {
  @ApiProperty({ format: 'uuid' }) receiptId!: string;
  @ApiProperty({ enum: ['tenant', 'landlord'] }) mode!: 'tenant' | 'landlord';
  @ApiProperty({
    enum: ['Processing', 'Paid', 'Refunded', 'Partly refunded', 'Disputed', 'Disputed after refund', 'Failed', 'Recorded by landlord', 'Voided'],
    description:
      'Processing: a bank debit on its way (about 4 business days); Failed: the bank refused it; Recorded by landlord: paid outside Rentwise (recorded says how); Voided: such a payment, voided',
  })
  status!: 'Processing' | 'Paid' | 'Refunded' | 'Partly refunded' | 'Disputed' | 'Disputed after refund' | 'Failed' | 'Recorded by landlord' | 'Voided';
  @ApiProperty({ type: String, nullable: true, description: 'Why the bank refused a failed bank debit, in words the tenant can act on; null otherwise' })
  failureReason!: string | null;
  @ApiProperty({
    type: DisputedAfterRefundDto,
    nullable: true,
    description: 'Set while a dispute opened after a refund is open: the landlord answers it with the refund',
  })
  disputedAfterRefund!: DisputedAfterRefundDto | null;
  @ApiProperty({ description: 'Tenant: the charged total. Landlord: what the landlord received after the dated fee' })
  amountCents!: number;
  @ApiProperty({ format: 'date-time' }) paidAt!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The fee the tenant paid on top of the rent (card processing fee or bank fee); null for imported history',
  })
  tenantFeeCents!: number | null;
  @ApiProperty() paidBy!: string;
  @ApiProperty() paidTo!: string;
  @ApiProperty({ example: 'Visa •••• 4242', description: 'The card, the bank account (STRIPE TEST BANK •••• 6789), or what the landlord recorded (Check #1234)' })
  paymentMethod!: string;
  @ApiProperty({ description: 'Made by autopay, not at the payment screen' }) automatic!: boolean;
  @ApiProperty({ format: 'uuid' }) transactionId!: string;
  @ApiProperty() propertyAddress!: string;
  @ApiProperty() description!: string;
  @ApiPropertyOptional({ type: LandlordContactDto, nullable: true, description: 'Tenant view only' })
  landlordContact!: LandlordContactDto | null;
  @ApiProperty({ type: RecordedPaymentReceiptDto, nullable: true, description: 'Rent paid outside Rentwise and recorded by the landlord; null otherwise' })
  recorded!: RecordedPaymentReceiptDto | null;
  @ApiProperty({ type: [ReceiptRefundDto], description: 'Its refunds that went through, oldest first' }) refunds!: ReceiptRefundDto[];
  @ApiProperty({ description: 'What its refunds gave back in all' }) refundedCents!: number;
  @ApiPropertyOptional({ type: RefundOptionDto, nullable: true, description: 'Landlord view only: what the Refund form needs' })
  refundOption!: RefundOptionDto | null;
}

export class ReceiptAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: ReceiptDto }) receipt!: ReceiptDto;
}

export class BankLinkSessionDto {
  @ApiProperty({ description: 'The SetupIntent’s client secret, for Stripe.js: collectBankAccountForSetup, then confirmUsBankAccountSetup' })
  clientSecret!: string;
}

export class BankLinkSessionAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: BankLinkSessionDto }) session!: BankLinkSessionDto;
}

export class SavedBankAccountAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: SavedBankAccountDto }) bankAccount!: SavedBankAccountDto;
}

export class ErrorAnswer {
  @ApiProperty({ enum: ['error'] }) status!: 'error';
  @ApiProperty() error!: string;
  @ApiPropertyOptional({ enum: ['reauthenticate', 'confirm-repeat'], description: 'confirm-repeat: ask the tenant, then send again with confirmRepeat: true' })
  code?: string;
}
