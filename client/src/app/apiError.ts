/** Reading the server's `{ status: 'error', error }` answers out of RTK Query errors. */

export function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The message of a refused request (a 4xx), which the person can act on; undefined for network
 * failures and server errors, where the caller shows its own fallback.
 */
export function refusalMessage(error: unknown): string | undefined {
  const status = statusOf(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const message = ((error as { data?: unknown }).data as { error?: unknown } | undefined)?.error;
  return typeof message === 'string' ? message : undefined;
}

export const isNotFound = (error: unknown): boolean => statusOf(error) === 404;
