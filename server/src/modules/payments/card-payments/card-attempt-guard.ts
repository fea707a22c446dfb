import { ConflictException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  clockTimeIn,
  DECLINE_WINDOW_MS,
  declineLimitEndsAt,
  MAX_DECLINES_PER_ADDRESS,
  MAX_DECLINES_PER_TENANT,
  secondsUntil,
} from '@rentwise/libs/declined-cards';
import { repeatPaymentMessage, tooManyDeclinedCardsMessage } from '@rentwise/libs/messages';
import { isRepeatPayment, REPEAT_PAYMENT_WINDOW_MS, wholeMinutesBetween } from '@rentwise/libs/payment-rules';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';

/** The 409 the payment screen turns into 'Pay again?'; the tenant's yes comes back as `confirmRepeat: true`. */
export const CONFIRM_REPEAT_CODE = 'confirm-repeat';

/** 429 past the limit on declined cards, with when to try again (the exception filter sends it as Retry-After). */
export class TooManyDeclinedCards extends HttpException {
  constructor(message: string, retryAfterSeconds: number) {
    super({ message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

interface RecentRow {
  tenantDeclinedAt: Date[];
  addressDeclinedAt: Date[];
  recentChargedCents: string | null;
  recentStatus: 'pending' | 'succeeded' | 'processing' | null;
  recentCreatedAt: Date | null;
}

/**
 * Everything the checks before a new attempt need, in one statement: the tenant's and the address's
 * newest declines of the last hour (as many as the limit needs), and the newest payment for this
 * home in the last 10 minutes under another key, paid or still going through. Declines by address
 * use card_payments_declined_address_idx; the rest card_payments_tenant_idx.
 */
const RECENT_ATTEMPTS = preparedStatement<
  RecentRow,
  [
    tenantUserId: string, clientAddress: string, propertyId: string, idempotencyKey: string,
    declinesSince: Date, paymentsSince: Date, tenantLimit: number, addressLimit: number,
  ]
>(
  'payments.recent-card-attempts',
  `SELECT
     ARRAY(SELECT created_at FROM payments.card_payments
            WHERE tenant_user_id = $1 AND status = 'declined' AND created_at >= $5
            ORDER BY created_at DESC LIMIT $7) AS "tenantDeclinedAt",
     ARRAY(SELECT created_at FROM payments.card_payments
            WHERE client_address = $2 AND status = 'declined' AND created_at >= $5
            ORDER BY created_at DESC LIMIT $8) AS "addressDeclinedAt",
     recent.charged_cents AS "recentChargedCents", recent.status AS "recentStatus", recent.created_at AS "recentCreatedAt"
   FROM (SELECT 1) AS one
   LEFT JOIN LATERAL (
     SELECT charged_cents, status, created_at FROM payments.card_payments
      WHERE tenant_user_id = $1 AND property_id = $3 AND status IN ('pending', 'succeeded', 'processing') AND created_at >= $6
        AND idempotency_key <> $4
      ORDER BY created_at DESC LIMIT 1
   ) AS recent ON true`,
);

export interface NewAttempt {
  tenantUserId: string;
  landlordUserId: string;
  propertyId: string;
  clientAddress: string;
  idempotencyKey: string;
}

export interface RecentCardAttempts {
  tenantDeclinedAt: Date[];
  addressDeclinedAt: Date[];
  /** The newest payment for this home in the last 10 minutes under another key, if any. */
  recentPayment: { chargedCents: number; createdAt: Date; stillProcessing: boolean } | null;
}

/**
 * The checks a new card attempt passes before any provider is asked, on either gateway (issue 32):
 * too many declined cards from the tenant or the address answer 429 until the hour has passed; a
 * second payment for the same home within 10 minutes answers 409 until the tenant confirms it. An
 * attempt already stored under its key never comes here: a retry answers what its key did.
 */
@Injectable()
export class CardAttemptGuard {
  private readonly logger = new Logger(CardAttemptGuard.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async recentAttempts(attempt: NewAttempt): Promise<RecentCardAttempts> {
    const nowMs = this.clock.now().getTime();
    const [row] = await this.unitOfWork.query(RECENT_ATTEMPTS, [
      attempt.tenantUserId,
      attempt.clientAddress,
      attempt.propertyId,
      attempt.idempotencyKey,
      new Date(nowMs - DECLINE_WINDOW_MS),
      new Date(nowMs - REPEAT_PAYMENT_WINDOW_MS),
      MAX_DECLINES_PER_TENANT,
      MAX_DECLINES_PER_ADDRESS,
    ]);
    return {
      tenantDeclinedAt: row.tenantDeclinedAt,
      addressDeclinedAt: row.addressDeclinedAt,
      recentPayment:
        row.recentCreatedAt === null
          ? null
          : { chargedCents: Number(row.recentChargedCents), createdAt: row.recentCreatedAt, stillProcessing: row.recentStatus === 'pending' || row.recentStatus === 'processing' },
    };
  }

  /** 429, without asking any provider, while the tenant or the address is past the limit on declined cards. */
  async refuseWhileTooManyDeclines(attempt: NewAttempt, recent: RecentCardAttempts): Promise<void> {
    const now = this.clock.now();
    const tenantLimitEndsAt = declineLimitEndsAt(recent.tenantDeclinedAt, now, MAX_DECLINES_PER_TENANT);
    const addressLimitEndsAt = declineLimitEndsAt(recent.addressDeclinedAt, now, MAX_DECLINES_PER_ADDRESS);
    if (!tenantLimitEndsAt && !addressLimitEndsAt) return;

    const endsAt = new Date(Math.max(tenantLimitEndsAt?.getTime() ?? 0, addressLimitEndsAt?.getTime() ?? 0));
    this.logger.warn(
      {
        tenantUserId: attempt.tenantUserId,
        clientAddress: attempt.clientAddress,
        limitedBy: [tenantLimitEndsAt && 'tenant', addressLimitEndsAt && 'address'].filter(Boolean),
        limitEndsAt: endsAt.toISOString(),
      },
      'Declined-card limit reached: payment refused without asking the provider',
    );
    const timeZone = await this.queries.execute(new GetLandlordTimeZone(attempt.landlordUserId));
    throw new TooManyDeclinedCards(tooManyDeclinedCardsMessage(clockTimeIn(endsAt, timeZone)), secondsUntil(endsAt, now));
  }

  /** 409 with the 'Pay again?' question for a second payment for the same home within 10 minutes, unless confirmed. */
  refuseUnconfirmedRepeat(recent: RecentCardAttempts, confirmRepeat: boolean | undefined): void {
    const previous = recent.recentPayment;
    const now = this.clock.now();
    if (confirmRepeat || !previous || !isRepeatPayment(previous.createdAt, now)) return;
    const message = repeatPaymentMessage(previous.chargedCents, wholeMinutesBetween(previous.createdAt, now), previous.stillProcessing);
    throw new ConflictException({ message, code: CONFIRM_REPEAT_CODE });
  }
}
