import { isPlainName, isStorableText } from './text';

describe('isStorableText', () => {
  it('accepts ordinary text, accents, emoji and newlines', () => {
    expect(isStorableText('Zoë Ñúñez 🏠\nFlat 2')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });

  it('refuses a NUL byte anywhere', () => {
    expect(isStorableText('landlord@rentwise.demo\u0000')).toBe(false);
    expect(isStorableText('\u0000abc')).toBe(false);
  });

  it('refuses a lone high or low surrogate but accepts a proper pair', () => {
    expect(isStorableText('a\uD83Db')).toBe(false);
    expect(isStorableText('a\uDE00b')).toBe(false);
    expect(isStorableText('end\uD83D')).toBe(false);
    expect(isStorableText('\uDE00start')).toBe(false);
    expect(isStorableText('\uD83D\uDE00')).toBe(true);
  });
});

describe('isPlainName', () => {
  it('accepts names in any script', () => {
    for (const name of ["O'Brien", 'José-María', '李小龍', 'Ольга', 'نور']) expect(isPlainName(name)).toBe(true);
  });

  it('refuses bidirectional overrides, embeddings and isolates, at both ends of each range', () => {
    for (const code of [0x202a, 0x202c, 0x202e, 0x2066, 0x2069]) {
      expect(isPlainName(`Ann${String.fromCodePoint(code)}e`)).toBe(false);
    }
    expect(isPlainName('Ann\u2029e')).toBe(true);
    expect(isPlainName('Ann\u2065e')).toBe(true);
    expect(isPlainName('Ann\u206Ae')).toBe(true);
  });

  it('refuses control characters, NUL and lone surrogates', () => {
    for (const name of ['Ann\u0000', 'Ann\u0007', 'Ann\ne', 'Ann\u007F', 'Ann\u0085', 'Ann\uD800']) {
      expect(isPlainName(name)).toBe(false);
    }
  });
});
