import { randomBytes } from 'node:crypto';

/** The least a production configuration needs (placeholder values): for tests of what production loads. */
export const productionEnvironment = (): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://x@localhost/x',
  REDIS_URL: 'redis://localhost',
  SMTP_URL: 'smtp://localhost',
  APP_SECRET: 'a'.repeat(32),
  SECRETS_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_y',
});
