import type { AuthorizeNetEnvironment } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { configSchema, Env } from './config.schema';

/** A development-only secret, refused in production by the schema. */
const DEVELOPMENT_APP_SECRET = 'rentwise-development-secret-not-for-production';

export class ConfigError extends Error {}

/** Typed, validated configuration. Injected everywhere instead of process.env. */
export class AppConfig {
  private constructor(readonly env: Env) {}

  static fromEnvironment(environment: NodeJS.ProcessEnv = process.env): AppConfig {
    // An empty variable (VAR= in a compose file or shell) means "not set".
    const source = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
    const result = configSchema.safeParse(source);
    if (!result.success) {
      const issue = result.error.issues[0];
      const name = issue.path.join('.') || 'environment';
      const isMissing = issue.path.length > 0 && source[String(issue.path[0])] === undefined;
      // Values are never echoed: the variable may hold a secret.
      const problem = isMissing && issue.code === 'invalid_type' ? 'required but not set' : issue.message;
      throw new ConfigError(`Configuration error: ${name}: ${problem}`);
    }
    return new AppConfig(result.data);
  }

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  get appSecret(): string {
    return this.env.APP_SECRET ?? DEVELOPMENT_APP_SECRET;
  }

  /** The sandbox gateway is used whenever no provider key is configured (never in production). */
  get paymentGateway(): 'stripe' | 'sandbox' {
    return this.env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  }

  /**
   * Which Authorize.Net the landlords' own keys are for (decision 0046): its production or its sandbox,
   * or the offline stand-in of development and tests (refused in production by the schema).
   */
  get authorizeNetEnvironment(): AuthorizeNetEnvironment {
    return this.env.AUTHORIZE_NET_ENVIRONMENT ?? (this.isProduction ? 'production' : 'offline');
  }

  /** Accept.js's hosts for the CSP when the card form loads the real Accept.js; null with the offline stand-in. */
  get acceptJsOrigins(): { scriptOrigin: string; apiOrigin: string } | null {
    switch (this.authorizeNetEnvironment) {
      case 'production':
        return { scriptOrigin: 'https://js.authorize.net', apiOrigin: 'https://api2.authorize.net' };
      case 'sandbox':
        return { scriptOrigin: 'https://jstest.authorize.net', apiOrigin: 'https://apitest.authorize.net' };
      case 'offline':
        return null;
    }
  }

  /** Without SMTP_URL, development and test runs start their own SMTP sink and mailbox page. */
  get usesDevMailbox(): boolean {
    return !this.isProduction && !this.env.SMTP_URL;
  }

  /** Who runs migrations: the tables' owner role, which the app's own role is not. */
  get migrationDatabaseUrl(): string {
    return this.env.DATABASE_MIGRATION_URL ?? this.env.DATABASE_URL;
  }

  get smtpUrl(): string {
    return this.env.SMTP_URL ?? `smtp://127.0.0.1:${this.env.DEV_SMTP_PORT}`;
  }
}
