import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mswServer } from '../test/mswServer';
import { api } from './api';
import { createAppStore } from './store';

const pingApi = api.injectEndpoints({
  endpoints: (build) => ({
    ping: build.mutation<{ status: string }, void>({ query: () => ({ url: '/ping', method: 'POST' }) }),
  }),
});

async function csrfHeaderOfOneRequest(): Promise<string | null> {
  let csrfHeader: string | null = null;
  mswServer.use(
    http.post('/api/ping', ({ request }) => {
      csrfHeader = request.headers.get('X-CSRF-Token');
      return HttpResponse.json({ status: 'success' });
    }),
  );
  await createAppStore().dispatch(pingApi.endpoints.ping.initiate()).unwrap();
  return csrfHeader;
}

describe('api', () => {
  afterEach(() => {
    document.cookie = 'rw_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('repeats the rw_csrf cookie in the X-CSRF-Token header', async () => {
    document.cookie = 'rw_csrf=token%2Fwith%3Dsymbols';

    expect(await csrfHeaderOfOneRequest()).toBe('token/with=symbols');
  });

  it('sends no CSRF header while there is no cookie', async () => {
    expect(await csrfHeaderOfOneRequest()).toBeNull();
  });
});
