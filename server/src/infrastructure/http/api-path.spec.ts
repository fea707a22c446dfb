import { isApiPath } from './api-path';

describe('isApiPath', () => {
  it('takes /api, anything under it and its query strings as the API', () => {
    for (const url of ['/api', '/api/', '/api/account/validate', '/api?x=1', '/api/tenant/payments?page=2']) expect(isApiPath(url)).toBe(true);
  });

  it('leaves pages that merely start with the same letters to the client app', () => {
    for (const url of ['/', '/sign-in', '/apis', '/api-docs', '/landlord/api']) expect(isApiPath(url)).toBe(false);
  });
});
