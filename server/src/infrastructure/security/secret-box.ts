import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/** A key of SECRETS_ENCRYPTION_KEYS: its id (stored with each sealed value) and 32 bytes. */
export interface SealingKey {
  id: string;
  key: Buffer;
}

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';

/**
 * 'id:base64,id:base64' -> the keys, the first one sealing. Refuses a key that is not 32 bytes or an id
 * used twice: a typo would otherwise seal with a key nobody can name later.
 */
export function parseSealingKeys(value: string): SealingKey[] {
  const keys = value.split(',').map((part) => {
    const [id, encoded, ...rest] = part.trim().split(':');
    const key = Buffer.from(encoded ?? '', 'base64');
    if (!id || !/^[\w-]{1,32}$/.test(id) || rest.length > 0 || key.length !== 32) {
      throw new Error('SECRETS_ENCRYPTION_KEYS must be id:base64-of-32-bytes, comma-separated');
    }
    return { id, key };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error('SECRETS_ENCRYPTION_KEYS names a key id twice');
  return keys;
}

/**
 * Seals secrets we keep for others (a landlord's Authorize.Net transaction and signature keys) with
 * AES-256-GCM under a key from configuration, never from the database: a copy of the database alone
 * opens nothing. Each sealed value names its key, so keys rotate: add a new key first in
 * SECRETS_ENCRYPTION_KEYS, reseal (`npm run secrets:reseal`), then drop the old one.
 * Development without the setting uses a key derived from APP_SECRET (the schema refuses that in production).
 */
@Injectable()
export class SecretBox {
  private readonly keys: SealingKey[];

  constructor(config: AppConfig) {
    this.keys = config.env.SECRETS_ENCRYPTION_KEYS
      ? parseSealingKeys(config.env.SECRETS_ENCRYPTION_KEYS)
      : [{ id: 'dev', key: Buffer.from(hkdfSync('sha256', config.appSecret, 'rentwise', 'rentwise/secret-box', 32)) }];
  }

  /** 'v1.<key id>.<iv>.<tag>.<ciphertext>' (base64url); `context` (what the secret is for, whose) must match to open it. */
  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** Throws when the value was changed, moved to another context, or sealed with a key no longer configured. */
  open(sealed: string, context: string): string {
    const [version, id, iv, tag, body] = sealed.split('.');
    const key = this.keys.find((candidate) => candidate.id === id);
    if (version !== VERSION || !key || !iv || !tag || body === undefined) throw new Error(`Cannot open a secret sealed with key '${id}'`);
    const decipher = createDecipheriv(ALGORITHM, key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** True when the value is sealed with an older key than the current one. */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.keys[0].id;
  }
}
