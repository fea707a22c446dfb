import { builtinEnvironments, type Environment } from 'vitest/environments';

/**
 * jsdom, keeping Node's own AbortController and AbortSignal. jsdom has no fetch, so the tests run
 * Node's, and since Node 24 its Request takes only an AbortSignal of its own realm (as a browser's
 * fetch does); jsdom's, which RTK Query and the router would otherwise make, is refused.
 */
const jsdomWithNodeAbort: Environment = {
  name: 'jsdom-with-node-abort',
  transformMode: 'web',
  async setup(global, options) {
    const { AbortController, AbortSignal } = global;
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return jsdom;
  },
};

export default jsdomWithNodeAbort;
