import { api } from '../../app/api';
import type { components } from '../../app/openapi';

// The server's OpenAPI document is the contract: `npm run openapi -w client` regenerates these.
type Schemas = components['schemas'];

/** One bank deposit: its total, its dates and what it is made of (GET /api/landlord/payouts). */
export type Payout = Schemas['Payout'];
export type PayoutLine = Schemas['PayoutLine'];
export type PayoutStatus = Payout['status'];

export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayouts: build.query<Payout[], void>({
      query: () => '/landlord/payouts',
      transformResponse: (answer: Schemas['PayoutsAnswer']) => answer.payouts,
    }),
  }),
});

export const { useListPayoutsQuery } = payoutsApi;
