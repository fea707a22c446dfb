import { payoutStatusOf } from './payout-status';

describe('payoutStatusOf', () => {
  it('is active only when the account can both take charges and receive payouts', () => {
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true })).toBe('active');
  });

  it('is pending while onboarding has not been finished', () => {
    expect(payoutStatusOf({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false })).toBe('pending');
    expect(payoutStatusOf({ detailsSubmitted: false, chargesEnabled: true, payoutsEnabled: false })).toBe('pending');
  });

  it('is restricted when onboarding was finished but charges or payouts are paused', () => {
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false })).toBe('restricted');
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: false, payoutsEnabled: true })).toBe('restricted');
    expect(payoutStatusOf({ detailsSubmitted: true, chargesEnabled: false, payoutsEnabled: false })).toBe('restricted');
  });

  it('trusts the provider when it enables both before the details are marked submitted', () => {
    expect(payoutStatusOf({ detailsSubmitted: false, chargesEnabled: true, payoutsEnabled: true })).toBe('active');
  });
});
