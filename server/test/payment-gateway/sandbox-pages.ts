/** Reads the hidden fields of a sandbox page's form, as a browser would post them back. */
export function formFieldsOf(html: string): Record<string, string> {
  const unescape = (value: string): string => value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescape(name)] = unescape(value);
  }
  return fields;
}

/** The path and query of an absolute URL, for Fastify's inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
