import { readFileSync } from 'node:fs';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { oasExampleFiles } from '../support/oas-examples.js';
import { asciiPieceEnd, codeUnits } from '../../src/report/token-split.js';
import { classifiedOf, knownClassOf, unicodePieceEnd } from '../../src/report/token-split-unicode.js';

const split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags);

/** The piece ends gpt-tokenizer's regex gives. */
function regexEnds(text: string): string {
  const ends: number[] = [];
  split.lastIndex = 0;
  for (let m = split.exec(text); m !== null; m = split.exec(text)) {
    if (m[0] === '') split.lastIndex += 1;
    else ends.push(m.index + m[0].length);
  }
  return ends.join(',');
}

/** The piece ends as token-table.ts finds them (ASCII by hand, else by classes), and by classes alone. */
function handEnds(text: string): [string, string] {
  const n = text.length;
  const codes = codeUnits(text);
  const both: number[] = [];
  for (let p = 0; p < n; ) {
    const end = asciiPieceEnd(codes, p, n);
    p = end !== -1 ? end : unicodePieceEnd(codes, p, n);
    both.push(p);
  }
  const unicode: number[] = [];
  for (let p = 0; p < n; ) {
    p = unicodePieceEnd(codes, p, n);
    unicode.push(p);
  }
  return [both.join(','), unicode.join(',')];
}

function mismatches(texts: Iterable<string>): string[] {
  const bad: string[] = [];
  for (const text of texts) {
    const want = regexEnds(text);
    const [both, unicode] = handEnds(text);
    if (both !== want || unicode !== want) bad.push(JSON.stringify(text.length > 80 ? text.slice(0, 80) : text));
    if (bad.length >= 5) break;
  }
  return bad;
}

/** Every text of at most `depth` characters over `alphabet`. */
function* every(alphabet: readonly string[], depth: number, prefix = ''): Generator<string> {
  yield prefix;
  if (depth > 0) for (const c of alphabet) yield* every(alphabet, depth - 1, prefix + c);
}

// A character of each class the pattern tells apart: letters of each case and Lt/Lm/Lo, marks,
// numbers (Nd, Nl, No), ASCII and other whitespace, CR/LF, the contraction letters and `'`, `/`,
// other symbols, astral letters, digits and symbols, lone surrogates.
const ALPHABET = [
  'a', 'A', '0', ' ', '\t', '\n', '\r', "'", 's', 'l', 'L', 'e', '/', '.', 'é', 'É', 'ǅ', 'ʰ', '中', '\u0301', '\u0903', '²', '٣',
  '\u00a0', '\u2028', '\u3000', '😀', '𝐀', '𝐚', '𝟎', '\ud800', '\udc00', '—', 'Ⅷ', '\ufeff',
];
const ASCII_ALPHABET = ['a', 'A', 'z', '0', '9', ' ', '\t', '\n', '\r', '\v', "'", 's', 'S', 'd', 'm', 't', 'l', 'L', 'v', 'e', 'r', 'R', '/', '.', '"', '\u0000', '_'];

describe('the hand-written o200k pre-tokenizer', () => {
  it('cuts every short text as the regex does', () => {
    expect(mismatches(every(ALPHABET, 3))).toEqual([]);
    expect(mismatches(every(ASCII_ALPHABET, 4))).toEqual([]);
  });

  it('cuts every ASCII pair, and every BMP code point (and astral ones) in context, as the regex does', () => {
    const texts: string[] = [];
    for (let a = 0; a < 128; a++) for (let b = 0; b < 128; b++) for (const c of ['', ' ', 'a', '\n', '.']) texts.push(String.fromCharCode(a, b) + c);
    for (let cp = 0x80; cp < 0x110000; cp += cp < 0x10000 ? 1 : 61) {
      const ch = String.fromCodePoint(cp);
      for (const context of ['a', 'A', ' ', "'", '.']) texts.push(ch + context + ch, context + ch + 's');
    }
    expect(mismatches(texts)).toEqual([]);
  });

  it('cuts every @readme/oas-examples spec, its JSON, and pseudo-random texts as the regex does', () => {
    const files = oasExampleFiles();
    expect(files.length).toBeGreaterThan(50);
    const texts = files.map((file) => readFileSync(file, 'utf8'));
    for (const file of files.filter((f) => f.endsWith('.json'))) texts.push(JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let length = 1 + Math.floor(random() * 24); length > 0; length--) {
        const r = random();
        text += r < 0.5 ? ALPHABET[Math.floor(random() * ALPHABET.length)] : r < 0.7 ? String.fromCharCode(Math.floor(random() * 128)) : r < 0.9 ? String.fromCharCode(Math.floor(random() * 0x10000)) : String.fromCodePoint(Math.floor(random() * 0x110000));
      }
      texts.push(text);
    }
    expect(mismatches(texts)).toEqual([]);
  });

  it('knows the classes of Latin-1 and General Punctuation without the classifier, as the classifier gives them', () => {
    const known: number[] = [];
    const wrong: string[] = [];
    for (let cp = 0x80; cp < 0x3000; cp++) {
      const k = knownClassOf(cp);
      if (k === -1) continue;
      known.push(cp);
      if (k !== classifiedOf(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(known.length).toBe(0x80 + 0x70);
    expect(knownClassOf(0x2019)).toBe(0);
    expect(knownClassOf(0xe9)).not.toBe(0);
  });

  it('reads code units as the string holds them, lone surrogates too', () => {
    expect([...codeUnits('a\ud800b😀\udc00').subarray(0, 6)]).toEqual([0x61, 0xd800, 0x62, 0xd83d, 0xde00, 0xdc00]);
    const long = 'x'.repeat(10_000) + 'é';
    expect(codeUnits(long)[10_000]).toBe(0xe9);
  });

  it('gives -1 on ASCII only when deciding reads a non-ASCII character', () => {
    expect(asciiPieceEnd(codeUnits('abcé'), 0, 4)).toBe(-1);
    expect(asciiPieceEnd(codeUnits('abc é'), 0, 5)).toBe(3);
    expect(asciiPieceEnd(codeUnits("it'é"), 0, 4)).toBe(-1);
    expect(asciiPieceEnd(codeUnits('  \u00a0'), 0, 3)).toBe(-1);
  });
});
