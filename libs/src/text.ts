/**
 * Characters no text field accepts: NUL (PostgreSQL text cannot hold it) and unpaired UTF-16
 * surrogates (not valid Unicode, so not valid UTF-8 either). Matched on code units, without the
 * `u` flag, so the look-arounds can tell a lone surrogate from half of a proper pair.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * In names, also: other control characters (C0, DEL, C1) and the bidirectional embedding,
 * override and isolate controls (U+202A-U+202E, U+2066-U+2069), which can make a name shown to
 * someone else read differently from what was typed ('Trojan Source').
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_NAMES = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Whether text can be stored at all: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Whether text may be a person's name or another short label shown to other people. */
export function isPlainName(text: string): boolean {
  return isStorableText(text) && !NOT_IN_NAMES.test(text);
}
