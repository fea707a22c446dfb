import { canChangeStatus } from './user-status-change';

describe('account status changes', () => {
  it('lets a reviewer approve or reject only a pending account', () => {
    expect(canChangeStatus('pending', 'approved')).toBe(true);
    expect(canChangeStatus('pending', 'rejected')).toBe(true);
    expect(canChangeStatus('approved', 'rejected')).toBe(false);
    expect(canChangeStatus('active', 'approved')).toBe(false);
  });

  it('activates only an approved account', () => {
    expect(canChangeStatus('approved', 'active')).toBe(true);
    expect(canChangeStatus('pending', 'active')).toBe(false);
    expect(canChangeStatus('rejected', 'active')).toBe(false);
  });

  it('never brings back a removed account', () => {
    for (const to of ['pending', 'approved', 'rejected', 'active', 'disabled'] as const) {
      expect(canChangeStatus('removed', to)).toBe(false);
    }
    expect(canChangeStatus('removed', 'removed')).toBe(true);
  });
});
