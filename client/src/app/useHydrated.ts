import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in a prerendered page's HTML (client/src/prerender.tsx) and while React takes it over, true
 * from React's next render on; true from the start on a page React renders itself. What needs the
 * code to work (a form's submit) waits for it: before, a sign-in would go to the server as a plain
 * form, its password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
