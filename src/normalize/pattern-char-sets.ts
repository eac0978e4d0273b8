/**
 * What the one-character parts of a pattern match (`a`, `\.`, `[a-z]`, `\d`, `\p{L}`, `.`), for
 * the backtracking check (pattern-backtracking.ts): can two of them match the same character?
 *
 * Overlap is tried on samples, not computed on the sets: every ASCII and Latin-1 character, a few
 * from other scripts, and the characters the two sources mention (`[\u4e00-\u9fff]` brings U+4E00
 * and U+9FFF, a literal `中` itself). Sets that share only a character none of these hits are
 * taken as disjoint, so the check can miss an overlap (a pattern then stays), never invent one.
 * A back reference (`\1`) may match anything.
 */
import { Budget } from './pattern-budget.js';

/** Steps a comparison of two sources costs (pattern-budget.ts): it goes through the base samples of both. */
const COMPARE_STEPS = 32;

/** Characters mentioned by one source that join the samples (bounded, so a long class stays cheap). */
const MAX_MENTIONED = 64;

const BASE_SAMPLES: readonly string[] = (() => {
  const samples: string[] = [];
  for (let code = 0; code < 0x100; code++) samples.push(String.fromCharCode(code));
  // Greek, Cyrillic, Arabic-Indic digit, Devanagari, CJK, kana, Hangul, line separator, BOM, an emoji
  for (const code of [0x391, 0x3b1, 0x410, 0x430, 0x660, 0x905, 0x4e2d, 0x3042, 0xac00, 0x2028, 0xfeff, 0x1f600]) samples.push(String.fromCodePoint(code));
  return samples;
})();

export interface CharSets {
  /** The character a source stands for alone (`a`, `\.`), or undefined for a class, an escape such as `\d`, or `.`. */
  literal(source: string): string | undefined;
  /** `matches(source, char)`: does the one-character pattern `source` match `char`? */
  matches(source: string, char: string): boolean;
  /** Whether some character is matched by both sources. */
  overlap(a: string, b: string): boolean;
  /** What the analysis of this pattern may still do (pattern-budget.ts); the checks spend it as they go. */
  budget: Budget;
}

/**
 * One per pattern: compiled sources, what they mention and the pairs already compared are kept
 * (their base samples across patterns: {@link baseMatches}). `budget`: the pattern's
 * (pattern-budget.ts); a comparison costs COMPARE_STEPS of it, whether or not another pattern
 * already compiled its sources, so that the steps counted depend on the pattern alone.
 */
export function charSets(budget: Budget = new Budget()): CharSets {
  const compiled = new Map<string, RegExp | undefined>();
  const mentionedBy = new Map<string, string[]>();
  const pairs = new Map<string, boolean>();
  const matches = (source: string, char: string): boolean => {
    const literal = literalChar(source);
    if (literal !== undefined) return literal === char;
    if (!compiled.has(source)) {
      let regex: RegExp | undefined;
      try {
        regex = new RegExp(`^(?:${source})$`, 'u');
      } catch {
        regex = undefined; // a back reference alone: it may match anything
      }
      compiled.set(source, regex);
    }
    const regex = compiled.get(source);
    return regex === undefined || regex.test(char);
  };
  const mentioned = (source: string): string[] => {
    let chars = mentionedBy.get(source);
    if (chars === undefined) {
      chars = mentionedChars(source);
      mentionedBy.set(source, chars);
    }
    return chars;
  };
  const compare = (a: string, b: string): boolean => {
    const left = literalChar(a);
    if (left !== undefined) return matches(b, left);
    const right = literalChar(b);
    if (right !== undefined) return matches(a, right);
    const x = baseMatches(a, sets);
    const y = baseMatches(b, sets);
    for (let i = 0; i < x.length; i++) if (x[i] === 1 && y[i] === 1) return true;
    return mentioned(a).some((char) => matches(a, char) && matches(b, char)) || mentioned(b).some((char) => matches(a, char) && matches(b, char));
  };
  const overlap = (a: string, b: string): boolean => {
    if (a === b) return true;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    let shared = pairs.get(key);
    if (shared === undefined) {
      budget.spend(COMPARE_STEPS);
      shared = compare(a, b);
      pairs.set(key, shared);
    }
    return shared;
  };
  const sets: CharSets = { literal: literalChar, matches, overlap, budget };
  return sets;
}

/** The character a single-character source stands for (`-`, `\.`, `\/`), or undefined for a class or an escape such as `\d`. */
export function literalChar(source: string): string | undefined {
  if (source.length === 1 && source !== '.') return source;
  if (source.length === 2 && source.codePointAt(0)! > 0xffff) return source;
  if (source.length === 2 && source[0] === '\\' && /[\^$\\.*+?()[\]{}|/-]/.test(source[1]!)) return source[1];
  return undefined;
}

/** Which of the first `sampleChars` (the base samples, the same for every source) `source` matches; kept across patterns (specs repeat their classes). */
export function baseMatches(source: string, sets: CharSets): Uint8Array {
  let bits = BASE_MATCHES.get(source);
  if (bits === undefined) {
    if (BASE_MATCHES.size >= 10_000) BASE_MATCHES.clear();
    bits = Uint8Array.from(BASE_SAMPLES, (char) => (sets.matches(source, char) ? 1 : 0));
    BASE_MATCHES.set(source, bits);
  }
  return bits;
}

const BASE_MATCHES = new Map<string, Uint8Array>();

/** The characters overlap is tried on for these sources: the base samples and what each source mentions. */
export function sampleChars(sources: Iterable<string>): string[] {
  const samples = [...BASE_SAMPLES];
  const added = new Set<string>();
  for (const source of sources) {
    for (const char of mentionedChars(source)) {
      if (BASE_SET.has(char) || added.has(char)) continue;
      added.add(char);
      samples.push(char);
    }
  }
  return samples;
}

const BASE_SET: ReadonlySet<string> = new Set(BASE_SAMPLES);

/** The characters a source names: its literal characters and its `\uXXXX`, `\u{…}` and `\xHH` escapes. */
function mentionedChars(source: string): string[] {
  const chars: string[] = [];
  const escape = /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([\s\S]))|([\s\S])/gu;
  for (const m of source.matchAll(escape)) {
    if (chars.length >= MAX_MENTIONED) break;
    const hex = m[1] ?? m[2] ?? m[3];
    if (hex !== undefined) {
      const code = Number.parseInt(hex, 16);
      if (code <= 0x10ffff) chars.push(String.fromCodePoint(code));
    } else if (m[5] !== undefined) {
      chars.push(m[5]);
    }
    // `\d`, `\p`, `\.` …: the base samples stand for those
  }
  return chars;
}
