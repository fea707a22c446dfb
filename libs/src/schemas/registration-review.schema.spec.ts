import { MESSAGES } from '../messages';
import {
  payoutAccountReturnSchema,
  REJECTION_REASON_MAX_LENGTH,
  registrationListQuerySchema,
  rejectRegistrationSchema,
} from './registration-review.schema';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe('rejectRegistrationSchema', () => {
  it('takes the reason without the spaces around it', () => {
    expect(rejectRegistrationSchema.parse({ reason: '  The ID photo is unreadable.\n' })).toEqual({ reason: 'The ID photo is unreadable.' });
  });

  it.each([undefined, '', '   \n'])('asks for a reason, once, when given %j', (reason) => {
    expect(messagesOf(rejectRegistrationSchema.safeParse({ reason }))).toEqual([MESSAGES.rejectionReasonRequired]);
  });

  it('takes up to 1,000 characters, not counting the spaces around them', () => {
    const longest = 'x'.repeat(REJECTION_REASON_MAX_LENGTH);
    expect(REJECTION_REASON_MAX_LENGTH).toBe(1000);
    expect(rejectRegistrationSchema.parse({ reason: ` ${longest} ` })).toEqual({ reason: longest });
    expect(messagesOf(rejectRegistrationSchema.safeParse({ reason: `${longest}x` }))).toEqual([MESSAGES.rejectionReasonTooLong]);
  });
});

describe('registrationListQuerySchema', () => {
  it('lists the registrations waiting for review unless asked for the reviewed ones', () => {
    expect(registrationListQuerySchema.parse({})).toEqual({ status: 'pending' });
    expect(registrationListQuerySchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(registrationListQuerySchema.parse({ status: 'reviewed' })).toEqual({ status: 'reviewed' });
    expect(registrationListQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
  });
});

describe('payoutAccountReturnSchema', () => {
  it('takes the signed state and the OAuth code, without spaces around them', () => {
    expect(payoutAccountReturnSchema.parse({ state: ' signed.state ', code: ' ac_123-XYZ ' })).toEqual({
      state: 'signed.state',
      code: 'ac_123-XYZ',
    });
  });

  it('has no code when the landlord made a new account (none sent, or an empty one)', () => {
    expect(payoutAccountReturnSchema.parse({ state: 's' })).toEqual({ state: 's' });
    expect(payoutAccountReturnSchema.parse({ state: 's', code: '  ' }).code).toBeUndefined();
  });

  it.each([undefined, '', '  '])('cannot confirm the account without a state (%j)', (state) => {
    expect(messagesOf(payoutAccountReturnSchema.safeParse({ state }))?.[0]).toBe(MESSAGES.payoutAccountNotConfirmed);
  });

  it('takes a state of up to 600 characters and a code of up to 500', () => {
    expect(payoutAccountReturnSchema.safeParse({ state: 's'.repeat(600), code: 'c'.repeat(500) }).success).toBe(true);
    expect(payoutAccountReturnSchema.safeParse({ state: 's'.repeat(601) }).success).toBe(false);
    expect(payoutAccountReturnSchema.safeParse({ state: 's', code: 'c'.repeat(501) }).success).toBe(false);
  });

  it.each(['ac 123', 'ac/123', '<script>'])('cannot confirm the account with a code such as %j', (code) => {
    expect(messagesOf(payoutAccountReturnSchema.safeParse({ state: 's', code }))).toEqual([MESSAGES.payoutAccountNotConfirmed]);
  });
});
