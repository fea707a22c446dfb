import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { parseSealingKeys, SecretBox } from './secret-box';

const keyOf = (id: string): string => `${id}:${randomBytes(32).toString('base64')}`;
const boxWith = (keys?: string): SecretBox =>
  new SecretBox(AppConfig.fromEnvironment({ DATABASE_URL: 'postgres://x/y', REDIS_URL: 'redis://x', ...(keys ? { SECRETS_ENCRYPTION_KEYS: keys } : {}) }));

describe('SecretBox', () => {
  it('opens what it sealed, and each sealing differs', () => {
    const box = boxWith(keyOf('k1'));
    const first = box.seal('transaction-key', 'landlord-1/transaction-key');
    expect(first).not.toContain('transaction-key');
    expect(box.seal('transaction-key', 'landlord-1/transaction-key')).not.toBe(first);
    expect(box.open(first, 'landlord-1/transaction-key')).toBe('transaction-key');
  });

  it('refuses a sealed value moved to another context or changed', () => {
    const box = boxWith(keyOf('k1'));
    const sealed = box.seal('secret', 'landlord-1/signature-key');
    expect(() => box.open(sealed, 'landlord-2/signature-key')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'), 'landlord-1/signature-key')).toThrow();
  });

  it('rotates: a new first key seals, the old one still opens, and its values are stale', () => {
    const old = keyOf('k1');
    const sealed = boxWith(old).seal('secret', 'c');
    const rotated = boxWith(`${keyOf('k2')},${old}`);
    expect(rotated.open(sealed, 'c')).toBe('secret');
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.seal('secret', 'c'))).toBe(false);
    expect(() => boxWith(keyOf('k2')).open(sealed, 'c')).toThrow(/k1/);
  });

  it('derives a development key from APP_SECRET when none is configured', () => {
    const sealed = boxWith().seal('secret', 'c');
    expect(sealed.split('.')[1]).toBe('dev');
    expect(boxWith().open(sealed, 'c')).toBe('secret');
  });

  it('refuses malformed key settings', () => {
    expect(() => parseSealingKeys('k1:short')).toThrow();
    expect(() => parseSealingKeys(`${keyOf('k1')},${keyOf('k1')}`)).toThrow(/twice/);
    expect(() => parseSealingKeys('no-colon')).toThrow();
  });
});
