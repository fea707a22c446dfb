import { Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { PAYOUT_ACCOUNT_API_PATH } from '../onboarding-urls';
import { newBindingNonce, PAYOUT_STATE_LIFETIME_SECONDS } from '../payout-state/payout-state';

export const PAYOUT_BINDING_COOKIE = 'rw_payout_binding';

/**
 * The random value that ties a payout state to the browser that started step 1. HttpOnly, and
 * SameSite=Lax so that it comes along when the provider sends the landlord back (a top-level GET).
 */
@Injectable()
export class PayoutBindingCookie {
  private readonly secure: boolean;

  constructor(config: AppConfig) {
    this.secure = config.isProduction || config.env.PUBLIC_URL.startsWith('https:');
  }

  /** Sets a new nonce on the reply and returns it. */
  issue(reply: FastifyReply): string {
    const nonce = newBindingNonce();
    void reply.setCookie(PAYOUT_BINDING_COOKIE, nonce, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: PAYOUT_ACCOUNT_API_PATH,
      maxAge: PAYOUT_STATE_LIFETIME_SECONDS,
    });
    return nonce;
  }

  read(request: FastifyRequest): string | undefined {
    return request.cookies?.[PAYOUT_BINDING_COOKIE] || undefined;
  }
}
