/**
 * Characters no text field accepts: NUL (PostgreSQL text cannot hold it) and unpaired UTF-16
 * surrogates (not valid Unicode, so not valid UTF-8 either). Matched on code units, without the
 * `u` flag, so the look-arounds can tell a lone surrogate from half of a proper pair.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Nor, in any text we keep or show: control characters (C0 but tab and line breaks, DEL, C1) and
 * the bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069), which
 * can make text shown to someone else read differently from what was typed ('Trojan Source').
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Tab and line breaks: fine in a reason an operator writes, never in a name or an address line. */
const LAYOUT = /[\t\n\r]/;

/** Whether text can be stored at all: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Whether text may be kept and shown to people: storable, without control or bidirectional controls. */
export function isAcceptableText(text: string): boolean {
  return isStorableText(text) && !CONTROL_OR_BIDI.test(text);
}

/** Whether text may be one line shown to other people: a name, an address line, a city. */
export function isSingleLineText(text: string): boolean {
  return isAcceptableText(text) && !LAYOUT.test(text);
}
