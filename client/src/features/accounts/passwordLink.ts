import { useSearchParams } from 'react-router-dom';
import { decodeEmailParam } from '@rentwise/libs/base64-email';

/** The email (sent as base64) and one-time token of an emailed /account/... link. */
export function usePasswordLink(): { email: string | null; token: string | null } {
  const [params] = useSearchParams();
  return { email: decodeEmailParam(params.get('email')), token: params.get('token')?.trim() || null };
}
