import { Query } from '@nestjs/cqrs';

interface DeclinedCardsCounts {
  /** Declines in the last hour: the limit counts these. */
  lastHour: number;
  last24Hours: number;
  /** ISO time of the newest decline. */
  lastDeclinedAt: string;
  /** ISO time payments may be tried again; null when under the limit now. */
  limitedUntil: string | null;
}

export interface DeclinedCardsByTenant extends DeclinedCardsCounts {
  tenantUserId: string;
  /** 'Sam Rivera'; null when the account is gone. */
  name: string | null;
  email: string | null;
}

export interface DeclinedCardsByAddress extends DeclinedCardsCounts {
  clientAddress: string;
  /** How many tenants the declines from this address were for: several is the pattern of card testing. */
  tenants: number;
}

export interface DeclinedCardsReport {
  perTenantLimit: number;
  perAddressLimit: number;
  tenants: DeclinedCardsByTenant[];
  addresses: DeclinedCardsByAddress[];
}

/**
 * For the operator (issue 32): tenants and network addresses with declined cards near the limit or
 * past it in the last 24 hours, most declines in the last hour first.
 */
export class ListDeclinedCards extends Query<DeclinedCardsReport> {}
