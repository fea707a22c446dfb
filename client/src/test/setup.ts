import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissAllToasts } from '../components/toastStore';
import { mswServer } from './mswServer';

// Pages are lazy chunks: on a loaded 2-core machine (the whole suite at once, in CI) the first one a
// test file opens can take seconds to arrive. A wait for what a person would see, not a speed check.
configure({ asyncUtilTimeout: 5000 });

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
  // The toast store lives for the module, not the page: one test's toast must not show in the next.
  act(() => dismissAllToasts());
  mswServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => mswServer.close());
