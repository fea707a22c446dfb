import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const CSRF_COOKIE_NAME = 'rw_csrf';
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/**
 * The one RTK Query api for the Rentwise server. Features add their endpoints with
 * `api.injectEndpoints` so that every cache tag lives in one place and invalidation works across features.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'include',
    prepareHeaders: (headers) => {
      // Double-submit CSRF: the server sets the cookie and accepts a write only when the header repeats it.
      const csrfToken = readCookie(CSRF_COOKIE_NAME);
      if (csrfToken) headers.set(CSRF_HEADER_NAME, csrfToken);
      return headers;
    },
  }),
  tagTypes: ['User', 'Property', 'Tenant', 'Payment', 'PaymentSetup', 'Registration', 'Statement', 'FinanceExport', 'OperatorLandlord', 'Autopay', 'AuthorizeNetAccount'],
  endpoints: () => ({}),
});
