import fc from 'fast-check';
import { decodeEmailParam, encodeEmailParam } from './base64-email';

describe('email in links', () => {
  it('encodes as URL-safe base64 without padding', () => {
    expect(encodeEmailParam('tenant@example.com')).toBe('dGVuYW50QGV4YW1wbGUuY29t');
    // '>>>' and '???' are the bytes that become '+' and '/' in standard base64.
    expect(encodeEmailParam('a>>>?@b.co')).not.toMatch(/[+/=]/);
  });

  it('decodes what it encoded', () => {
    expect(decodeEmailParam(encodeEmailParam('Jane.Doe+rent@example.com'))).toBe('Jane.Doe+rent@example.com');
  });

  it('round-trips non-ASCII addresses through UTF-8', () => {
    expect(decodeEmailParam(encodeEmailParam('josé@exämple.com'))).toBe('josé@exämple.com');
  });

  it('reads standard base64 with padding from older links', () => {
    expect(decodeEmailParam(btoa('a@b.com'))).toBe('a@b.com');
    expect(btoa('a@b.com')).toMatch(/=$/);
  });

  it("reads a '+' that the query string turned into a space", () => {
    const standard = btoa('a>>>?@b.co');
    expect(standard).toContain('+');
    expect(decodeEmailParam(standard.replace(/\+/g, ' '))).toBe('a>>>?@b.co');
  });

  it('returns null for a missing or garbled parameter', () => {
    for (const param of [null, undefined, '', '   ', '!!!!', 'a', 'abc*def', encodeEmailParam('not an email')]) {
      expect(decodeEmailParam(param)).toBeNull();
    }
  });

  it('returns null for bytes that are not UTF-8', () => {
    expect(decodeEmailParam(btoa('\xff@\xfe.co'))).toBeNull();
  });

  it('round-trips any email-shaped text', () => {
    const part = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => !/[\s@\p{Cc}]/u.test(s));
    fc.assert(
      fc.property(part, part, (local, domain) => {
        const email = `${local}@${domain}`;
        const param = encodeEmailParam(email);
        expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeEmailParam(param)).toBe(email);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (param) => {
        expect(() => decodeEmailParam(param)).not.toThrow();
      }),
    );
  });
});
