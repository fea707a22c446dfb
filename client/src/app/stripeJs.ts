import type { Stripe } from '@stripe/stripe-js';
// The pure entry: importing the main one injects Stripe.js at once, and this module is in the bank
// link's chunks (the payment screen's, autopay's), which the sandbox (no keys, no Stripe hosts in its
// CSP) loads too.
import { loadStripe } from '@stripe/stripe-js/pure';

// Stripe.js is loaded once per key and connected account, and only when a page asks for it.
const stripeLoads = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for the landlord's connected account: charges are made there, so card payment methods and
 * bank accounts linked through Financial Connections must be created there too. Null when it could not
 * load (the next call tries again).
 */
export function stripeFor(publishableKey: string, connectedAccountId: string | null): Promise<Stripe | null> {
  const cacheKey = `${publishableKey}:${connectedAccountId ?? ''}`;
  let load = stripeLoads.get(cacheKey);
  if (!load) {
    load = loadStripe(publishableKey, connectedAccountId ? { stripeAccount: connectedAccountId } : undefined).catch(() => {
      stripeLoads.delete(cacheKey);
      return null;
    });
    stripeLoads.set(cacheKey, load);
  }
  return load;
}
