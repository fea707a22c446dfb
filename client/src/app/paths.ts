/**
 * Every route of the product (spec section 2): `path` is the router pattern, `getHref` builds a link to it.
 * Links are always built here, so a renamed route or query parameter changes in one place.
 */

type Id = string | number;

const segment = (value: Id): string => encodeURIComponent(String(value));

const withQuery = (path: string, query: Record<string, string>): string =>
  `${path}?${new URLSearchParams(query).toString()}`;

const fixed = <P extends string>(path: P) => ({ path, getHref: (): P => path });

/** The How it works page stays hidden unless the link carries this query. */
export const howItWorksQuery = { showpage: 'yessir' } as const;

export type PropertyListMode = 'address' | 'tenant';

/** A new property is added through form id 0. */
export const NEW_PROPERTY_FORM_ID = 0;

export const paths = {
  home: fixed('/'),
  homeRedirect: fixed('/home-redirect'),
  howItWorks: {
    path: '/how-it-works',
    getHref: () => withQuery('/how-it-works', howItWorksQuery),
  },
  signIn: {
    path: '/sign-in',
    getHref: () => '/sign-in',
    /** After a sign-in too old to pay with: the page says why, and a tenant lands on the payment screen again. */
    againToPayHref: () => withQuery('/sign-in', { again: 'payment' }),
  },
  signUp: fixed('/sign-up'),
  forgotPassword: fixed('/forgot-password'),
  passwordResetSuccess: fixed('/password-reset-success'),
  resetPassword: {
    path: '/account/reset-password',
    getHref: (base64Email: string) => withQuery('/account/reset-password', { email: base64Email }),
  },
  createPassword: {
    path: '/account/create-password',
    getHref: (base64Email: string, token: string) =>
      withQuery('/account/create-password', { email: base64Email, token }),
  },
  /** The link sent to a new email address: opened signed in or not, on any device. */
  confirmEmail: {
    path: '/account/confirm-email',
    getHref: (token: string) => withQuery('/account/confirm-email', { token }),
  },
  privacyPolicy: fixed('/privacy-policy'),
  termsOfUse: fixed('/terms-of-use'),

  onboarding: {
    registered: fixed('/landlord/registered'),
    payoutAccountReturn: {
      path: '/landlord/oAuth',
      getHref: (state: string, code: string) => withQuery('/landlord/oAuth', { state, code }),
    },
    payoutAccountCreated: fixed('/landlord/stripe-account/created'),
    payoutAccountError: fixed('/landlord/stripe-account/error'),
  },

  landlord: {
    dashboard: fixed('/landlord/dashboard'),
    faq: fixed('/landlord/faq'),
    info: fixed('/landlord/info'),
    paymentHistory: fixed('/landlord/payment-history'),
    /** Bank deposits, each with the payments, refunds and fees it is made of. */
    payouts: fixed('/landlord/payouts'),
    /** The landlord's own Authorize.Net merchant account: its keys and webhook URL (issue 38). */
    authorizeNetAccount: fixed('/landlord/authorize-net'),
    /** Who owes what: each current tenant with a balance, across the landlord's properties (issue 36). */
    balances: fixed('/landlord/balances'),
    propertyPaymentHistory: {
      path: '/landlord/payment-history/:propertyId',
      getHref: (propertyId: Id) => `/landlord/payment-history/${segment(propertyId)}`,
    },
    monthPayments: {
      path: '/landlord/payment-history/:propertyId/:month/:year',
      /** `month` is 1 (January) to 12. */
      getHref: (propertyId: Id, month: number, year: number) =>
        `/landlord/payment-history/${segment(propertyId)}/${segment(month)}/${segment(year)}`,
    },
    /** Monthly (month set) or yearly statements, for one property or (no propertyId) all of them. */
    statements: {
      path: '/landlord/statements',
      getHref: (query: { year: number; month?: number; propertyId?: string } = { year: new Date().getFullYear() }) =>
        withQuery('/landlord/statements', {
          year: String(query.year),
          ...(query.month ? { month: String(query.month) } : {}),
          ...(query.propertyId ? { propertyId: query.propertyId } : {}),
        }),
    },
    paymentReceipt: {
      path: '/landlord/payment-receipt/:receiptId',
      getHref: (receiptId: Id) => `/landlord/payment-receipt/${segment(receiptId)}`,
    },
    properties: {
      path: '/landlord/properties',
      getHref: (mode: PropertyListMode) => withQuery('/landlord/properties', { mode }),
    },
    addProperty: {
      path: '/landlord/property/:formId/add',
      getHref: (formId: Id = NEW_PROPERTY_FORM_ID) => `/landlord/property/${segment(formId)}/add`,
      /** From Manage Tenants with no property yet (the spec's tenantAddingAddress): on to its tenants after. */
      forTenantHref: () => withQuery(`/landlord/property/${NEW_PROPERTY_FORM_ID}/add`, { then: 'add-tenant' }),
    },
    updateProperty: {
      path: '/landlord/property/:propertyId/update',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/update`,
    },
    /** The due day and the late fee rule. */
    propertyRentTerms: {
      path: '/landlord/property/:propertyId/rent-terms',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/rent-terms`,
    },
    /** Which rent reminders go out for one property (issue 36). */
    propertyReminders: {
      path: '/landlord/property/:propertyId/reminders',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/reminders`,
    },
    propertyTenants: {
      path: '/landlord/property/:propertyId/tenants',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/tenants`,
    },
    addTenant: {
      path: '/landlord/property/:propertyId/tenants/add',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/tenants/add`,
    },
    editTenant: {
      path: '/landlord/property/:propertyId/:tenantId/edit',
      getHref: (propertyId: Id, tenantId: Id) =>
        `/landlord/property/${segment(propertyId)}/${segment(tenantId)}/edit`,
    },
    /** A tenant's ledger at the property (current or former tenant), with its CSV. */
    tenancyLedger: {
      path: '/landlord/property/:propertyId/tenants/:tenantId/ledger',
      getHref: (propertyId: Id, tenantId: Id) => `/landlord/property/${segment(propertyId)}/tenants/${segment(tenantId)}/ledger`,
      csvHref: (propertyId: Id, tenantId: Id) => `/api/landlord/properties/${segment(propertyId)}/tenants/${segment(tenantId)}/ledger.csv`,
    },
    /** Rent the tenant paid outside Rentwise (cash, check, money order), recorded onto that ledger. */
    recordPayment: {
      path: '/landlord/property/:propertyId/tenants/:tenantId/record-payment',
      getHref: (propertyId: Id, tenantId: Id) => `/landlord/property/${segment(propertyId)}/tenants/${segment(tenantId)}/record-payment`,
    },
    tenantAdded: {
      path: '/landlord/property/:propertyId/tenant/added',
      getHref: (propertyId: Id) => `/landlord/property/${segment(propertyId)}/tenant/added`,
    },
  },

  operator: {
    registrations: fixed('/operator/registrations'),
    /** Open differences between the provider's balances and the ledger. */
    reconciliation: fixed('/operator/reconciliation'),
    /** Tenants and addresses near the limit on declined cards, or past it (issue 32). */
    declinedCards: fixed('/operator/declined-cards'),
    /** One landlord: contact, card gateway (Stripe or Authorize.Net) and the gateway's audit trail. */
    landlord: {
      path: '/operator/landlords/:landlordId',
      getHref: (landlordUserId: Id) => `/operator/landlords/${segment(landlordUserId)}`,
    },
  },

  finance: {
    /** Years with payments, and exports of every landlord's yearly statements. */
    exports: fixed('/finance'),
  },

  tenant: {
    dashboard: fixed('/tenant/dashboard'),
    contactLandlord: fixed('/tenant/contact-landlord'),
    payment: fixed('/tenant/payment'),
    /** Rent taken from a saved bank account each month, on a day the tenant chooses (issue 37). */
    autopay: fixed('/tenant/autopay'),
    paymentHistory: fixed('/tenant/payment-history'),
    /** Every charge, fee and payment with the balance after it, and its CSV. */
    ledger: { path: '/tenant/ledger', getHref: () => '/tenant/ledger', csvHref: () => '/api/tenant/ledger.csv' },
    paymentReceipt: {
      path: '/tenant/payment-receipt/:receiptId',
      getHref: (receiptId: Id) => `/tenant/payment-receipt/${segment(receiptId)}`,
    },
    info: fixed('/tenant/info'),
    support: fixed('/tenant/support'),
  },
} as const;
