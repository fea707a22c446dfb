import { formatCents, type Cents } from './money';

/**
 * The product's message catalogue (spec section 8 and the validation rules of section 5).
 * Client and server both show these exact strings; change them here only.
 */
export const MESSAGES = {
  // Errors
  loginFailed: 'Incorrect Login. Try again.',
  passwordAlreadyCreated: "You've already created a password. Please return to the homepage and sign in.",
  unexpectedError: 'Unexpected error. Please refresh the page and try again.',
  registrationFailed: 'Unable to complete registration at this time.',
  propertyUpdateFailed: 'Unable to update property',
  propertyDeleteFailed: 'Unable to delete property',
  propertyHasTenants: 'This property still has tenants. Move or remove them first.',
  photoUploadFailed: 'Error uploading photo. Try again',
  photoUploadRejected: "Couldn't upload photo. Try again.",
  cardNotAdded: 'We were unable to add this card.',
  invalidAmount: 'Please enter a valid dollar amount.',
  staleLogin: 'You need to log in again.',
  gatewayError: 'Error. Check your card information.',
  noGatewayResponse: 'Please refresh and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  notFound: 'Not found',
  recordedPaymentAlreadyVoided: 'This payment has already been voided. Please refresh the page.',
  refundFullyRefunded: 'This payment has already been refunded in full.',
  refundFailedPayment: 'This payment did not go through, so there is nothing to refund.',
  refundBankNotSettled: 'This bank payment has not settled yet. You can refund it once it settles, usually within 4 business days.',
  refundDisputed: 'This payment is disputed. Answer the dispute with your payment processor instead of refunding it.',
  refundRecordedPayment: 'You recorded this payment yourself, so nothing can be refunded through Rentwise. Void it instead.',
  refundPartBeforeSettlement: 'This card payment has not settled yet, so it can only be voided in full. Refund the whole amount now, or wait until it settles (usually the next day) to refund part of it.',
  refundNotThroughRentwise: 'This payment was not made through Rentwise, so it can only be refunded with your payment processor.',
  refundRefusedByProcessor: 'The payment processor refused this refund. Please try again later.',
  refundAttemptReused: 'This refund was already sent with different details. Please refresh the page.',
  financeExportUnavailable: 'This export is not ready or is no longer kept (files are kept for 7 days). Start the export again.',
  serviceUnavailable: 'Rentwise is briefly unavailable. Please try again in a minute.',
  crossSiteRequest: 'This request came from another website, so it was refused. Please use Rentwise directly.',
  unsupportedBodyType: 'Unsupported request format. Please send JSON.',
  invalidRequest: "Something in this request isn't right. Please refresh the page and try again.",
  requestTooLarge: 'This request is too large. Please send less and try again.',
  accountStatusConflict: 'This account has already been reviewed or changed. Please refresh the page.',
  activationLinkInvalid: 'This link is invalid or has expired. Please ask for a new invitation email.',
  registrationAlreadyReviewed: 'This registration has already been reviewed. Please refresh the page.',
  payoutAccountNotConnected: "Your payout account isn't connected yet. Complete step 1 in your approval email.",
  payoutAccountNotConfirmed: "We couldn't confirm your payout account. Please try step 1 again.",
  landlordCannotBePaid: "Your landlord can't accept card payments yet, so you have not been charged. Please contact them.",
  noTenancyToPay: "You aren't linked to a property yet, so there is no rent to pay. Please contact your landlord.",
  paymentAttemptReused: 'This payment was already submitted with different details. Please start the payment again.',
  authorizeNetAccountMissing: "This landlord has no Authorize.Net account connected yet. Enter their Authorize.Net keys first.",
  authorizeNetKeysRefused: "Authorize.Net did not accept these keys. Check the API Login ID and Transaction Key in your Authorize.Net account (Account > Settings > API Credentials & Keys).",
  authorizeNetKeysInUse: 'These Authorize.Net keys are already connected to another Rentwise landlord.',
  authorizeNetAccountSaved: 'Your Authorize.Net account is connected.',
  cardGatewayChanged: "Your landlord's card payment method has changed. Please refresh the page and try again.",
  paymentFieldsRefused: 'Card details are never sent to Rentwise. Please enter your card in the card form.',
  bankAccountNotLinked: 'We were unable to use this bank account. Please link it again.',
  bankAccountNotVerified: 'This bank account is not verified yet. Please enter the code from the deposit in your bank statement first.',
  bankAccountBlocked: 'This bank account was returned by its bank and cannot be used again. Please link another account or pay by card.',
  bankDebitsNotOffered: "Your landlord can't accept bank payments yet. Please pay by card.",
  bankLinkInSandbox: "This installation runs the offline sandbox, which links bank accounts on its own test bank page, not through Stripe's Financial Connections.",
  mandateNotAccepted: 'Please read and accept the bank debit authorization to pay from your bank account.',
  mandateOutdated: 'The bank debit authorization has changed. Please refresh the page, read it again and pay.',
  savedBankAccountNotFound: 'This saved bank account is no longer available. Please refresh the page.',
  lateFeeAlreadyWaived: 'This late fee has already been waived. Please refresh the page.',
  autopayNeedsBankAccount: 'Please link a bank account for autopay first, then turn autopay on.',
  autopayNotOn: 'Autopay is not on. Please refresh the page.',
  autopayMonthNotAhead: 'You can skip only an automatic payment that has not started yet. Please refresh the page.',
  autopayNotOffered: "Your landlord can't accept automatic bank payments yet. Please pay by hand.",
  autopayNeedsCard: 'Please save a card for autopay first, then turn autopay on.',
  autopayCardNotOffered: "Your landlord can't accept automatic card payments yet. Please pay by hand.",
  savedCardsNotOffered: "Your landlord can't accept card payments yet, so a card can't be saved. Please contact them.",
  savedCardNotFound: 'This saved card is no longer available. Please refresh the page.',
  savedCardUsedByAutopay: 'Autopay pays with this card. Choose another card or bank account for autopay, or turn autopay off, before removing it.',
  cardNeedsAuthentication: 'This card needs an extra verification step. Please use another card.',

  // Validation
  allAddressFieldsRequired: 'All address fields are required',
  addressInvalid: 'The address entered appears to be invalid.',
  rentOutOfRange: 'Rent must be $100 - $99,999',
  completeAllFields: 'Please complete all form fields.',
  emailsDoNotMatch: "Emails don't match! Please check.",
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'Passwords do not match. Please double check and try again.',
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  passwordTooLong: 'Password must be 256 characters or fewer.',
  nameTooLong: 'Names must be 100 characters or fewer.',
  unsupportedCharacters: "Some characters entered aren't supported. Please remove them and try again.",
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a 10-digit phone number.',
  emailTaken: 'An account with this email already exists.',
  currentPasswordRequired: 'Please enter your current password to change your email.',
  currentPasswordWrong: "That isn't your current password. Please try again.",
  emailChangeNeedsOwner: 'This person has already created a password, so only they can change their email, on their Personal Information page.',
  tenantEmailUnavailable: "We can't add a tenant with this email. Please check it with your tenant.",
  minimumAuthorizeNetAmount: 'Your must enter at least $1',
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardExpiryIncomplete: 'Your card expiry is incomplete.',
  cardExpiryFormat: 'Card expiration format: MM/YY',
  securityCodeIncomplete: 'Your security code is incomplete.',
  rejectionReasonRequired: 'Please give the landlord a reason.',
  rejectionReasonTooLong: 'Please keep the reason to 1,000 characters or fewer.',
  recordedAmountInvalid: 'Please enter the amount received, from $0.01 to $99,999.99.',
  receivedOnInvalid: 'Please enter the date you received this payment.',
  receivedOnInFuture: "The date received can't be in the future.",
  receivedOnBeforeTenancy: "The date received can't be before the tenant moved in.",
  recordedMethodRequired: 'Please choose how the tenant paid: cash, check, money order or other.',
  checkNumberRequired: 'Please enter the check number.',
  referenceTooLong: 'Please keep the reference to 40 characters or fewer.',
  voidReasonRequired: 'Please give a reason for voiding this payment.',
  voidReasonTooLong: 'Please keep the reason to 500 characters or fewer.',
  refundAmountInvalid: 'Please enter the amount to refund, such as 50 or 12.50.',
  refundReasonRequired: 'Please give the tenant a reason for this refund.',
  refundReasonTooLong: 'Please keep the reason to 500 characters or fewer.',
  rentDueDayInvalid: 'Please choose a due day from the 1st to the 10th.',
  graceDaysInvalid: 'Please enter a grace period of 0 to 20 days.',
  lateFeeAmountInvalid: 'Please enter an amount from $0 to $1,000, such as 50 or 12.50.',
  lateFeePercentInvalid: 'Please enter a percentage from 0 to 20, such as 5 or 2.5.',
  lateFeeRuleEmpty: 'Please enter a flat amount, a percentage or a daily amount, or turn late fees off.',
  lateFeeCapRequired: 'Please enter a monthly cap for the daily amount, from $1 to $1,000.',
  waiverReasonRequired: 'Please give a reason for waiving this late fee.',
  waiverReasonTooLong: 'Please keep the reason to 500 characters or fewer.',
  autopayDayInvalid: 'Please choose from the due day to 12 days before it.',
  autopayAmountInvalid: 'Please enter a fixed amount from $1 to $99,999, or choose the balance due.',
  autopayMandateNotAccepted: 'Please read and accept the autopay authorization to turn autopay on.',
  autopayMandateOutdated: 'The autopay authorization has changed. Please refresh the page, read it again and turn autopay on.',
  autopayMethodMissing: 'Please choose one saved bank account or card for autopay.',

  // Successes
  imageUpdated: 'Image updated successfully!',
  updated: 'Successfully updated!',
  addressAdded: 'Successfully added address!',
  propertyAdded: 'Successfully added property!',
  propertyUpdated: 'Successfully updated property!',
  passwordCreated: 'Successfully created password!',
  passwordUpdated: 'Successfully updated password!',
  paymentSucceeded: 'Payment succeeded!',
  rentTermsSaved: 'Successfully saved rent and late fees!',
  lateFeeWaived: 'Late fee waived.',
  paymentRecorded: 'Payment recorded.',
  recordedPaymentVoided: 'Payment voided.',
  refundSent: 'Refund sent.',
  autopayOn: 'Autopay is on.',
  autopayOff: 'Autopay is off.',
  autopayMonthSkipped: 'This month’s automatic payment is skipped.',
  autopayMonthRestored: 'This month’s automatic payment will run.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** '{name} has been removed!' */
export const removedMessage = (name: string): string => `${name} has been removed!`;

/** After asking to change one's email: nothing changes until the link sent to the new address is opened. */
export const emailConfirmationSentMessage = (email: string): string =>
  `We sent a confirmation link to ${email}. Your email changes once you open it.`;

/** A payment body with a field that is neither card data nor ours: say which, so the sender can drop it. */
export const paymentFieldsNotTakenMessage = (fields: readonly string[]): string =>
  `A payment takes only the amount, the card form's token and its key. Remove ${fields.join(', ')} and try again.`;

/** A refund above what is left of the payment: say what can still be refunded. */
export const refundAboveLeftMessage = (leftCents: Cents): string =>
  leftCents > 0
    ? `You can refund at most ${formatCents(leftCents)} of this payment. Please enter ${formatCents(leftCents)} or less.`
    : MESSAGES.refundFullyRefunded;

/** The 429 after too many declined cards (issue 32): when to try again, in the home's time. */
export const tooManyDeclinedCardsMessage = (tryAgainAfter: string): string =>
  `Too many declined cards. Please try again after ${tryAgainAfter}, or contact your landlord.`;

function minutesAgoText(minutes: number): string {
  if (minutes < 1) return 'less than a minute ago';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/**
 * The question before a second payment for the same home within 10 minutes (issue 32): 'You paid
 * $1,856.99 for this home 3 minutes ago. Pay again?' An earlier one still going through says so.
 */
export function repeatPaymentMessage(chargedCents: Cents, minutesAgo: number, stillProcessing: boolean): string {
  const amount = formatCents(chargedCents);
  return stillProcessing
    ? `You started a payment of ${amount} for this home ${minutesAgoText(minutesAgo)}, and it may still be going through. Pay again?`
    : `You paid ${amount} for this home ${minutesAgoText(minutesAgo)}. Pay again?`;
}
