import { api } from '../../app/api';
import type { components } from '../../app/openapi';

// The server's OpenAPI document is the contract: `npm run openapi -w client` regenerates these.
type Schemas = components['schemas'];

/** One bank deposit: its total, its dates and what it is made of (GET /api/landlord/payouts). */
export type Payout = Schemas['Payout'];
export type PayoutLine = Schemas['PayoutLine'];
export type PayoutStatus = Payout['status'];
/** A payment refunded, then disputed, whose dispute is open: the landlord answers it with the refund. */
export type DisputedAfterRefundPayment = Schemas['DisputedAfterRefundPayment'];

export type LandlordPayouts = Omit<Schemas['PayoutsAnswer'], 'status'>;

export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayouts: build.query<LandlordPayouts, void>({
      query: () => '/landlord/payouts',
      transformResponse: ({ payouts, disputedAfterRefund }: Schemas['PayoutsAnswer']): LandlordPayouts => ({ payouts, disputedAfterRefund }),
    }),
  }),
});

export const { useListPayoutsQuery } = payoutsApi;
