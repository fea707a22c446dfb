/**
 * Where the development-only sandboxes' card tokenizers and bank link answer: outside /api, like the providers'
 * own hosts, so the app's wiring serves them there (they are 404 in production). The only part of
 * the gateways that code outside this module may name.
 */
export { SANDBOX_ANET_NONCES_PATH } from '../gateways/sandbox/authorize-net/authorize-net.sandbox';
export { SANDBOX_PAYMENT_METHODS_PATH } from '../gateways/sandbox/sandbox-cards.controller';
export { SANDBOX_BANK_ACCOUNTS_PATH } from '../gateways/sandbox/sandbox-bank-accounts.controller';
