import { LATE_FEES_OFF } from '../late-fees';
import { MESSAGES } from '../messages';
import { lateFeeWaiverSchema, percentToBasisPoints, rentTermsFormValues, rentTermsSchema } from './rent-terms.schema';

const off = { dueDay: '1', lateFeesOn: false, graceDays: '5', flatFee: '', percentFee: '', dailyFee: '', monthlyCap: '' };
const on = { ...off, lateFeesOn: true, flatFee: '50' };

const problems = (value: unknown) => rentTermsSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('rentTermsSchema', () => {
  it('turns late fees off with the due day and grace period kept', () => {
    expect(rentTermsSchema.parse({ ...off, dueDay: '3', graceDays: '7', flatFee: '25' })).toEqual({ dueDay: 3, lateFees: { ...LATE_FEES_OFF, graceDays: 7 } });
  });

  it('turns typed dollars and a percentage into cents and basis points', () => {
    expect(rentTermsSchema.parse({ ...on, flatFee: '$1,000', percentFee: '2.5', dailyFee: '12.50', monthlyCap: '150' })).toEqual({
      dueDay: 1,
      lateFees: { graceDays: 5, flatCents: 100_000, percentBasisPoints: 250, dailyCents: 1_250, monthlyCapCents: 15_000 },
    });
  });

  it('takes numbers as the endpoint may be sent them', () => {
    expect(rentTermsSchema.parse({ dueDay: 10, lateFeesOn: true, graceDays: 0, flatFee: 0, percentFee: 5, dailyFee: 0, monthlyCap: 0 })).toEqual({
      dueDay: 10,
      lateFees: { graceDays: 0, flatCents: 0, percentBasisPoints: 500, dailyCents: 0, monthlyCapCents: null },
    });
  });

  it.each([['0'], ['11'], ['1.5'], ['x'], [''], [-1]])('refuses due day %p', (dueDay) => {
    expect(problems({ ...on, dueDay })).toEqual([['dueDay', MESSAGES.rentDueDayInvalid]]);
  });

  it('accepts the 1st and the 10th as due days, and a grace period of 0 to 20 days', () => {
    expect(problems({ ...on, dueDay: '1', graceDays: '0' })).toBeUndefined();
    expect(problems({ ...on, dueDay: '10', graceDays: '20' })).toBeUndefined();
    expect(problems({ ...on, graceDays: '21' })).toEqual([['graceDays', MESSAGES.graceDaysInvalid]]);
    expect(problems({ ...on, graceDays: '-1' })).toEqual([['graceDays', MESSAGES.graceDaysInvalid]]);
  });

  it('takes amounts up to $1,000 and refuses more, negatives and a third decimal', () => {
    expect(rentTermsSchema.parse({ ...on, flatFee: '1000.00' }).lateFees.flatCents).toBe(100_000);
    expect(problems({ ...on, flatFee: '1000.01' })).toEqual([['flatFee', MESSAGES.lateFeeAmountInvalid]]);
    expect(problems({ ...on, flatFee: '-5' })).toEqual([['flatFee', MESSAGES.lateFeeAmountInvalid]]);
    expect(problems({ ...on, flatFee: '5.005' })).toEqual([['flatFee', MESSAGES.lateFeeAmountInvalid]]);
  });

  it('takes a percentage up to 20 with two decimals', () => {
    expect(rentTermsSchema.parse({ ...on, flatFee: '', percentFee: '20' }).lateFees.percentBasisPoints).toBe(2_000);
    expect(rentTermsSchema.parse({ ...on, flatFee: '', percentFee: '0.05%' }).lateFees.percentBasisPoints).toBe(5);
    expect(problems({ ...on, percentFee: '20.01' })).toEqual([['percentFee', MESSAGES.lateFeePercentInvalid]]);
    expect(problems({ ...on, percentFee: '5.125' })).toEqual([['percentFee', MESSAGES.lateFeePercentInvalid]]);
  });

  it('asks for an amount when late fees are on', () => {
    expect(problems({ ...on, flatFee: '' })).toEqual([['flatFee', MESSAGES.lateFeeRuleEmpty]]);
    expect(problems({ ...on, flatFee: '0', percentFee: '0' })).toEqual([['flatFee', MESSAGES.lateFeeRuleEmpty]]);
  });

  it('asks for a monthly cap of at least $1 with a daily amount', () => {
    expect(problems({ ...on, dailyFee: '5' })).toEqual([['monthlyCap', MESSAGES.lateFeeCapRequired]]);
    expect(problems({ ...on, dailyFee: '5', monthlyCap: '0.99' })).toEqual([['monthlyCap', MESSAGES.lateFeeCapRequired]]);
    expect(problems({ ...on, dailyFee: '5', monthlyCap: '1' })).toBeUndefined();
  });

  it('gives the saved terms back as the form typed them', () => {
    const terms = { dueDay: 5, lateFees: { graceDays: 3, flatCents: 2_550, percentBasisPoints: 250, dailyCents: 1_000, monthlyCapCents: 20_000 } };
    expect(rentTermsFormValues(terms)).toEqual({ dueDay: '5', lateFeesOn: true, graceDays: '3', flatFee: '25.50', percentFee: '2.5', dailyFee: '10', monthlyCap: '200' });
    expect(rentTermsSchema.parse(rentTermsFormValues(terms))).toEqual(terms);
    expect(rentTermsFormValues({ dueDay: 1, lateFees: LATE_FEES_OFF })).toMatchObject({ lateFeesOn: false, flatFee: '', monthlyCap: '' });
  });
});

describe('percentToBasisPoints', () => {
  it.each([
    ['5', 500],
    ['2.5', 250],
    ['.25', 25],
    ['', 0],
    ['5 %', 500],
    ['abc', null],
    ['1e2', null],
  ])('%p is %p basis points', (typed, basisPoints) => {
    expect(percentToBasisPoints(typed)).toBe(basisPoints);
  });
});

describe('lateFeeWaiverSchema', () => {
  it('trims the reason and asks for one', () => {
    expect(lateFeeWaiverSchema.parse({ reason: '  Paid on time by check  ' })).toEqual({ reason: 'Paid on time by check' });
    expect(lateFeeWaiverSchema.safeParse({ reason: '   ' }).error?.issues[0].message).toBe(MESSAGES.waiverReasonRequired);
    expect(lateFeeWaiverSchema.safeParse({}).error?.issues[0].message).toBe(MESSAGES.waiverReasonRequired);
  });

  it('refuses a reason over 500 characters or with control characters', () => {
    expect(lateFeeWaiverSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0].message).toBe(MESSAGES.waiverReasonTooLong);
    expect(lateFeeWaiverSchema.safeParse({ reason: 'ok\u202Eevil' }).error?.issues[0].message).toBe(MESSAGES.unsupportedCharacters);
  });
});
