import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('links How it works with the query that shows the page', () => {
    expect(paths.howItWorks.getHref()).toBe('/how-it-works?showpage=yessir');
  });

  it('builds the landlord payment history links for a property and a billing month', () => {
    expect(paths.landlord.propertyPaymentHistory.getHref(42)).toBe('/landlord/payment-history/42');
    expect(paths.landlord.monthPayments.getHref(42, 1, 2025)).toBe('/landlord/payment-history/42/1/2025');
  });

  it('opens the add-property form with form id 0 unless another id is given', () => {
    expect(paths.landlord.addProperty.getHref()).toBe('/landlord/property/0/add');
    expect(paths.landlord.addProperty.getHref(7)).toBe('/landlord/property/7/add');
  });

  it('builds the property list link for each mode', () => {
    expect(paths.landlord.properties.getHref('address')).toBe('/landlord/properties?mode=address');
    expect(paths.landlord.properties.getHref('tenant')).toBe('/landlord/properties?mode=tenant');
  });

  it('builds the tenant links of a property', () => {
    expect(paths.landlord.propertyTenants.getHref(3)).toBe('/landlord/property/3/tenants');
    expect(paths.landlord.addTenant.getHref(3)).toBe('/landlord/property/3/tenants/add');
    expect(paths.landlord.editTenant.getHref(3, 9)).toBe('/landlord/property/3/9/edit');
    expect(paths.landlord.tenantAdded.getHref(3)).toBe('/landlord/property/3/tenant/added');
  });

  it('escapes ids so that an id can never add a path segment', () => {
    expect(paths.tenant.paymentReceipt.getHref('ch_1/../x')).toBe('/tenant/payment-receipt/ch_1%2F..%2Fx');
  });

  it('keeps base64 characters intact in password links', () => {
    const base64Email = 'am9lK3Rlc3RAZXhhbXBsZS5jb20/Pw==';
    const href = paths.createPassword.getHref(base64Email, 'token-123');
    const query = new URLSearchParams(href.split('?')[1]);

    expect(href.startsWith('/account/create-password?')).toBe(true);
    expect(query.get('email')).toBe(base64Email);
    expect(query.get('token')).toBe('token-123');
    expect(new URLSearchParams(paths.resetPassword.getHref(base64Email).split('?')[1]).get('email')).toBe(base64Email);
  });

  it('builds the payout-account return link with state and code', () => {
    const query = new URLSearchParams(paths.onboarding.payoutAccountReturn.getHref('state-abc', 'ac_123').split('?')[1]);
    expect(query.get('state')).toBe('state-abc');
    expect(query.get('code')).toBe('ac_123');
  });

  it('gives every route an href that its own pattern matches', () => {
    type Route = { path: string; getHref: (...args: (string | number)[]) => string };
    const isRoute = (entry: unknown): entry is Route => typeof entry === 'object' && entry !== null && 'path' in entry;
    const routes = [paths, paths.onboarding, paths.landlord, paths.operator, paths.tenant]
      .flatMap((group) => Object.values(group) as unknown[])
      .filter(isRoute);

    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const href = route.getHref('sample-id', 1, 2025);
      const pathname = href.split('?')[0];
      expect(matchPath(route.path, pathname), `${href} should match ${route.path}`).not.toBeNull();
    }
  });
});
