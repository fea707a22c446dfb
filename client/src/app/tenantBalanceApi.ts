import { formatCents } from '@rentwise/libs/money';
import { api } from './api';
import type { components } from './openapi';

/*
 * GET /tenant/balance, declared once here because two features read it: the tenant dashboard's balance
 * card and the payment screen (beside Total House Rent). Features may not import each other.
 */

type Schemas = components['schemas'];

/** What the tenant owes, when rent is next due, and their last payment (decision 0039). */
export type TenantBalance = Schemas['TenantBalanceDto'];

export const tenantBalanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantBalance: build.query<TenantBalance, void>({
      query: () => '/tenant/balance',
      transformResponse: (answer: Schemas['TenantBalanceAnswer']) => answer.balance,
      // A payment the server confirmed changes the balance: the payments' list tag refreshes it.
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useGetTenantBalanceQuery } = tenantBalanceApi;

/** A balance in words: owed, paid up, or a credit (negative balance: the tenant paid ahead). */
export interface BalanceStanding {
  tone: 'due' | 'paid-up' | 'credit';
  label: string;
  amount: string;
}

export function balanceStanding(balanceCents: number): BalanceStanding {
  if (balanceCents > 0) return { tone: 'due', label: 'Balance due', amount: formatCents(balanceCents) };
  if (balanceCents < 0) return { tone: 'credit', label: 'Credit', amount: formatCents(-balanceCents) };
  return { tone: 'paid-up', label: 'You’re all paid up', amount: formatCents(0) };
}
