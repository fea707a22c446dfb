import { z } from 'zod/mini';

/**
 * A landlord's own Authorize.Net merchant account (PUT /api/landlord/authorize-net-account and the
 * operator's twin): the four values from Account > Settings > API Credentials & Keys. The server checks
 * them against Authorize.Net before saving; the transaction and signature keys never come back.
 */
export const authorizeNetKeysSchema = z.strictObject({
  apiLoginId: z.string().check(
    z.trim(),
    z.regex(/^\w{1,25}$/, { error: 'Enter the API Login ID: up to 25 letters and digits.' }),
  ),
  transactionKey: z.string().check(
    z.trim(),
    z.regex(/^\w{16}$/, { error: 'Enter the Transaction Key: 16 letters and digits.' }),
  ),
  signatureKey: z.string().check(
    z.trim(),
    z.regex(/^[0-9a-fA-F]{128}$/, { error: 'Enter the Signature Key: 128 characters, digits and the letters A to F.' }),
  ),
  publicClientKey: z.string().check(
    z.trim(),
    z.regex(/^\w{20,100}$/, { error: 'Enter the Public Client Key: 20 to 100 letters and digits.' }),
  ),
});

export type AuthorizeNetKeysInput = z.infer<typeof authorizeNetKeysSchema>;

/** Which Authorize.Net the keys are for: its real one, its sandbox, or the offline stand-in of development. */
export const AUTHORIZE_NET_ENVIRONMENTS = ['offline', 'sandbox', 'production'] as const;
export type AuthorizeNetEnvironment = (typeof AUTHORIZE_NET_ENVIRONMENTS)[number];
