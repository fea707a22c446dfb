import { AUTOPAY_MANDATE_VERSION } from '@rentwise/libs/autopay';
import type { AutopayView } from '../app/tenantAutopayApi';

/**
 * For tests: a tenant's autopay (GET /api/tenant/autopay), off and never set up, where the landlord
 * takes bank debits (linked through the sandbox) and cards, and no account or card is saved yet. Rent
 * is due on the 1st, on New York's calendar.
 */
export function autopayViewFixture(overrides: Partial<AutopayView> = {}): AutopayView {
  return {
    isOn: false,
    offered: true,
    cardOffered: true,
    settings: null,
    method: null,
    turnedOffReason: null,
    next: null,
    dueDay: 1,
    timeZone: 'America/New_York',
    bankFeeCents: 0,
    cardFeeCents: 699,
    mandateTerms: { version: AUTOPAY_MANDATE_VERSION, tenantName: 'Theo Tenant', landlordName: 'Lena Landlord', propertyAddress: '12 Garden Street, Springfield, IL 62704' },
    savedBankAccounts: [],
    savedCards: [],
    bankLink: { linkWith: 'sandbox', publishableKey: null, connectedAccountId: 'acct_sandbox_landlord' },
    recentPayments: [],
    ...overrides,
  };
}
