import { Algorithm, hash } from '@node-rs/argon2';
import { needsRehash, PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at 19 MiB, 2 passes and 1 lane', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hasher.hash('correct horse battery');
    await expect(hasher.verify(stored, 'correct horse battery')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'correct horse battery!')).resolves.toBe(false);
  });

  it('refuses when there is no hash, after doing the same work', async () => {
    await expect(hasher.verify(null, 'anything at all')).resolves.toBe(false);
  });

  it('asks for a rehash of hashes made with weaker settings', async () => {
    const weak = await hash('x', { algorithm: Algorithm.Argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('$2b$10$somebcrypthash')).toBe(true);
  });
});
