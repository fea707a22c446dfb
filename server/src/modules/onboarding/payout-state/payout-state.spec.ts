import { newBindingNonce, PAYOUT_STATE_LIFETIME_SECONDS, PayoutStateSigner } from './payout-state';

describe('PayoutStateSigner', () => {
  const signer = new PayoutStateSigner('a-test-secret-that-is-long-enough-for-tests');
  const registrationId = '7f0c1f1e-3a55-4c39-9a55-0b7d0f6a1d2e';
  const now = 1_780_000_000;
  const nonce = newBindingNonce();

  it('names the registration in base64 with the state prefix', () => {
    const state = signer.issue(registrationId, nonce, now);
    expect(Buffer.from(state, 'base64url').toString()).toMatch(new RegExp(`^state_${registrationId}\\.`));
    expect(signer.verify(state, now)).toMatchObject({ valid: true, registrationId });
  });

  it('works until the last second of its lifetime and not after', () => {
    const state = signer.issue(registrationId, nonce, now);
    expect(signer.verify(state, now + PAYOUT_STATE_LIFETIME_SECONDS - 1).valid).toBe(true);
    expect(signer.verify(state, now + PAYOUT_STATE_LIFETIME_SECONDS)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a state naming another registration or a later expiry', () => {
    const decoded = Buffer.from(signer.issue(registrationId, nonce, now), 'base64url').toString();
    const otherRegistration = decoded.replace(registrationId, '00000000-0000-4000-8000-000000000000');
    const [named, expires, binding, mac] = decoded.split('.');
    const laterExpiry = [named, String(Number(expires) + 86400), binding, mac].join('.');
    for (const forged of [otherRegistration, laterExpiry]) {
      expect(signer.verify(Buffer.from(forged).toString('base64url'), now)).toEqual({ valid: false, reason: 'invalid' });
    }
  });

  it('refuses a state signed with another secret, and text that is not a state', () => {
    const foreign = new PayoutStateSigner('another-secret-that-is-long-enough-too').issue(registrationId, nonce, now);
    for (const state of [foreign, '', 'not base64!', Buffer.from('state_x.1.2.3').toString('base64url')]) {
      expect(signer.verify(state, now).valid).toBe(false);
    }
  });

  it('is bound to the nonce of the browser that started step 1', () => {
    const check = signer.verify(signer.issue(registrationId, nonce, now), now);
    if (!check.valid) throw new Error('expected a valid state');
    expect(signer.isBound(check, nonce)).toBe(true);
    expect(signer.isBound(check, newBindingNonce())).toBe(false);
    expect(signer.isBound(check, undefined)).toBe(false);
  });
});
