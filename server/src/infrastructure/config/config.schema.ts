import { z } from 'zod';
import { DEFAULT_BANK_DEBIT_FEE_CENTS } from '@rentwise/libs/bank-debits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL');

const redisUrl = z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// URL');

/**
 * Every environment variable the server and worker read. Parsed once at start-up;
 * nothing else in the code reads process.env.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    // Whose X-Forwarded-For to believe: false (direct), a hop count, or addresses/CIDRs of the proxies.
    // Believing anyone would let a client pick its own address and dodge the sign-in limits.
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[\d.:/a-f, ]+)$/i, 'must be true, false, a hop count or proxy addresses')
      .default('false')
      .transform((value): boolean | number | string =>
        value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
      ),
    // Sign-ups a network address may make in an hour: enough for an office sharing one address, too
    // few to flood the review queue or to probe many emails for an account.
    SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    DATABASE_URL: postgresUrl,
    // Migrations run as the role that owns the tables; the app (DATABASE_URL) connects as a member of
    // rentwise_app, which may only read and append to the ledger (decision 0013). Defaults to DATABASE_URL.
    DATABASE_MIGRATION_URL: postgresUrl.optional(),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('rentwise'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    DEV_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
    MAIL_FROM: z.string().min(3).default('Rentwise <no-reply@rentwise.localhost>'),
    SUPPORT_EMAIL: z.email().default('support@rentwise.example'),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
    STRIPE_CLIENT_ID: z.string().startsWith('ca_', 'must start with ca_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
    // The Connect endpoint (events of the landlords' connected accounts: charges, refunds, disputes,
    // payouts) is a second endpoint at Stripe with its own signing secret.
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
    STRIPE_API_BASE: z.url().optional(),
    // The fee a tenant pays on a bank (ACH) payment, in cents (decision 0038): the platform's setting, none by default.
    BANK_DEBIT_FEE_CENTS: z.coerce.number().int().min(0).max(2500).default(DEFAULT_BANK_DEBIT_FEE_CENTS),
    // The second card gateway (decisions 0019, 0046): which Authorize.Net the landlords' own keys are for.
    // Unset: production in production, else the offline stand-in (development and tests, refused in production).
    AUTHORIZE_NET_ENVIRONMENT: z.enum(['offline', 'sandbox', 'production']).optional(),
    // Seals secrets kept for others (landlords' Authorize.Net keys): 'id:base64 of 32 bytes', comma-separated,
    // the first sealing and all opening, so keys rotate (decision 0046). Unset outside production: derived from APP_SECRET.
    SECRETS_ENCRYPTION_KEYS: z
      .string()
      .regex(/^[\w-]{1,32}:[A-Za-z0-9+/]{43}=(,\s*[\w-]{1,32}:[A-Za-z0-9+/]{43}=)*$/, 'must be id:base64-of-32-bytes, comma-separated')
      .optional(),
    // Replaces the API endpoint (tests: a local fake of the gateway).
    AUTHORIZE_NET_API_BASE: z.url().optional(),
    RUN_WORKERS: booleanFlag.default(true),
    MIGRATE_ON_START: booleanFlag.default(true),
    SEED_DEMO_DATA: booleanFlag.default(false),
    SERVE_CLIENT: booleanFlag.default(true),
    CLIENT_DIST: z.string().optional(),
    STORAGE_DIR: z.string().default('.data/uploads'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // json for machines (production, log shippers); pretty for a person at a terminal (`npm start`).
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    // The crash suite's kill points (infrastructure/faults/faults.ts): read only when NODE_ENV is test.
    RENTWISE_FAULTS: z.string().regex(/^[a-z-]+:[\d.]+(,\s*[a-z-]+:[\d.]+)*$/, 'must be point:probability,...').optional(),
    RENTWISE_FAULTS_SEED: z.coerce.number().int().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.AUTHORIZE_NET_API_BASE && (env.AUTHORIZE_NET_ENVIRONMENT ?? 'offline') === 'offline') {
      ctx.addIssue({ code: 'custom', path: ['AUTHORIZE_NET_API_BASE'], message: 'needs AUTHORIZE_NET_ENVIRONMENT sandbox or production' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.AUTHORIZE_NET_ENVIRONMENT === 'offline') {
      ctx.addIssue({ code: 'custom', path: ['AUTHORIZE_NET_ENVIRONMENT'], message: 'offline is for development and tests; not allowed in production' });
    }
    if (env.RENTWISE_FAULTS) {
      ctx.addIssue({ code: 'custom', path: ['RENTWISE_FAULTS'], message: 'is for the crash suite only; not allowed in production' });
    }
    if (env.AUTHORIZE_NET_API_BASE) {
      ctx.addIssue({ code: 'custom', path: ['AUTHORIZE_NET_API_BASE'], message: 'is for tests only; not allowed in production' });
    }
    if (env.LOG_FORMAT === 'pretty') {
      ctx.addIssue({ code: 'custom', path: ['LOG_FORMAT'], message: 'must be json in production' });
    }
    const required = ['SMTP_URL', 'APP_SECRET', 'SECRETS_ENCRYPTION_KEYS', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET'] as const;
    for (const key of required) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'required in production (the sandbox gateway and dev mailbox are refused there)',
        });
      }
    }
  });

export type Env = z.infer<typeof configSchema>;
