import { describe, expect, it } from 'vitest';
import { preloadApiRead } from './preloadApiRead';

describe('preloadApiRead', () => {
  it('adds one preload of the read, asked as the app asks it (with credentials), once per page load', () => {
    preloadApiRead('/api/tenant/payment-setup');
    preloadApiRead('/api/tenant/payment-setup');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('/api/tenant/payment-setup');
    expect(links[0].getAttribute('as')).toBe('fetch');
    expect(links[0].crossOrigin).toBe('use-credentials');
  });
});
