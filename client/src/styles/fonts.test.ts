import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product's own text stays inside the characters of fonts/inter-core.woff2 (fonts.css, decision
 * 0051): a character outside them would have every page fetch Inter's whole Latin file (48 KB) on a
 * phone's first visit. Comments are left out; a name or an address a person typed may use any letter.
 */

const styles = __dirname;
const client = join(styles, '../..');
const libs = join(client, '../libs/src');
// Passwords the sign-up form refuses; compared with, never shown.
const NEVER_SHOWN = new Set([join(libs, 'common-passwords.ts')]);

function coreRanges(): [number, number][] {
  const range = /unicode-range:\s*([^;]+);/.exec(readFileSync(join(styles, 'fonts.css'), 'utf8'));
  if (!range) throw new Error('fonts.css declares no unicode-range');
  return range[1].split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/, '').split('-');
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec|d)\.tsx?$/.test(name) && !NEVER_SHOWN.has(path) ? [path] : [];
  });
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('the core Inter font', () => {
  const ranges = coreRanges();
  const covered = (character: string) => {
    const code = character.codePointAt(0)!;
    return ranges.some(([first, last]) => code >= first && code <= last);
  };

  it('covers ASCII and the apostrophe, dashes and quotes the messages use', () => {
    expect([' ', '~', '’', '–', '—', '“', '”', '…', '·', '•'].filter((character) => !covered(character))).toEqual([]);
  });

  it('has every character of the client’s and the shared libraries’ text', () => {
    const outside = [join(client, 'src'), libs].flatMap(sourceFiles).flatMap((file) =>
      [...new Set(withoutComments(readFileSync(file, 'utf8')).replace(/\s/g, ''))]
        .filter((character) => !covered(character))
        .map((character) => `${relative(client, file)}: ${character} (U+${character.codePointAt(0)!.toString(16).toUpperCase()})`),
    );
    expect(outside).toEqual([]);
  });
});
