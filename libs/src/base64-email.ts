/**
 * Emails travel in links (/account/reset-password?email=...) as URL-safe base64 of their UTF-8 bytes.
 * Written with btoa/atob and TextEncoder so the same code runs in Node and in the browser.
 */

export function encodeEmailParam(email: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(email)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The email in a link, or null when the text is not base64 of a UTF-8 email address.
 * Also reads standard base64 from older links, including the '+' that a query string turns into a space.
 */
export function decodeEmailParam(param: string | null | undefined): string | null {
  if (!param) return null;
  const standard = param.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(standard) || standard.length % 4 === 1) return null;
  let email: string;
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    email = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return looksLikeEmail(email) ? email : null;
}

function looksLikeEmail(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  return /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+$/.test(text);
}
