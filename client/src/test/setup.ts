import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer } from './mswServer';

// jsdom has no layout, so scrolling (used by the router's scroll restoration) is a no-op here.
window.scrollTo = () => {};

// The api calls relative URLs such as /api/...; a browser resolves them against the page, Node's fetch does not.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => mswServer.close());
