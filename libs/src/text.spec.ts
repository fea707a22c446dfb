import { isAcceptableText, isSingleLineText, isStorableText } from './text';

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

describe('isSingleLineText', () => {
  it('accepts names in any script', () => {
    for (const name of ["O'Brien", 'José-María', '李小龍', 'Ольга', 'نور']) expect(isSingleLineText(name)).toBe(true);
  });

  it('refuses bidirectional overrides, embeddings and isolates, at both ends of each range', () => {
    for (const code of [0x202a, 0x202c, 0x202e, 0x2066, 0x2069]) {
      expect(isSingleLineText(`Ann${String.fromCodePoint(code)}e`)).toBe(false);
    }
    expect(isSingleLineText('Ann\u2029e')).toBe(true);
    expect(isSingleLineText('Ann\u2065e')).toBe(true);
    expect(isSingleLineText('Ann\u206Ae')).toBe(true);
  });

  it('refuses control characters, line breaks, tabs, NUL and lone surrogates', () => {
    for (const name of ['Ann\u0000', 'Ann\u0007', 'Ann\ne', 'Ann\re', 'Ann\te', 'Ann\u007F', 'Ann\u0085', 'Ann\u009F', 'Ann\uD800']) {
      expect(isSingleLineText(name)).toBe(false);
    }
  });

  it("accepts the address an outside probe found unescaped in CSVs (that is the CSV's job)", () => {
    expect(isSingleLineText("77 Harbor;=cmd|' /C calc'!A0")).toBe(true);
  });
});

describe('isAcceptableText', () => {
  it('accepts several lines with tabs, as an operator writes a reason', () => {
    expect(isAcceptableText('Payout account missing.\r\n\tPlease connect it.')).toBe(true);
  });

  it('refuses the other control characters, at both ends of each range, and bidirectional controls', () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f, 0x80, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069]) {
      expect({ code, accepted: isAcceptableText(`Main${String.fromCodePoint(code)}St`) }).toEqual({ code, accepted: false });
    }
    for (const code of [0x20, 0x7e, 0xa0, 0x2029, 0x202f, 0x2065, 0x206a]) {
      expect({ code, accepted: isAcceptableText(`Main${String.fromCodePoint(code)}St`) }).toEqual({ code, accepted: true });
    }
  });

  it('refuses a lone surrogate', () => {
    expect(isAcceptableText('Main\uDC00St')).toBe(false);
  });
});
