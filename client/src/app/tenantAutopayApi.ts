import { billingMonthLabel, parseBillingMonthKey } from '@rentwise/libs/billing-month';
import { api } from './api';
import type { components } from './openapi';

/*
 * GET /tenant/autopay, declared once here because three places read it: the autopay page, the tenant
 * dashboard's balance card and the payment screen. Features may not import each other.
 */

type Schemas = components['schemas'];

/** The tenant's autopay (decision 0042), as the server works it out: settings kept while off, the next payment while on. */
export type AutopayView = Schemas['AutopayDto'];
/** One automatic payment run: a month's attempt (2 is the retry of a debit returned for insufficient funds). */
export type AutopayRun = Schemas['AutopayRunDto'];
/** The answer to a read or to any change of autopay: the view as it now stands, and the change's message. */
export type AutopayAnswer = Schemas['AutopayAnswer'];

export const tenantAutopayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantAutopay: build.query<AutopayView, void>({
      query: () => '/tenant/autopay',
      transformResponse: (answer: AutopayAnswer) => answer.autopay,
      // A payment the server confirmed changes the next automatic payment's estimate.
      providesTags: ['Autopay', { type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useGetTenantAutopayQuery } = tenantAutopayApi;

/** '2027-01' -> 'January 2027'; the key itself if the server ever sends another shape. */
export function autopayMonthLabel(period: string): string {
  const month = parseBillingMonthKey(period);
  return month ? billingMonthLabel(month) : period;
}

/** The automatic payment that will run next, or null when autopay is off or this month is skipped. */
export function upcomingAutopayPayment(view: AutopayView | undefined): NonNullable<AutopayView['next']> | null {
  if (!view?.isOn || !view.next || view.next.skipped) return null;
  return view.next;
}
