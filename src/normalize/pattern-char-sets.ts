/**
 * What the one-character parts of a pattern match (`a`, `\.`, `[a-z]`, `\d`, `\p{L}`, `.`), for
 * the backtracking check (pattern-backtracking.ts): does a source match a given character, and
 * can two of some lists of sources (the first characters of alternatives) match the same one?
 *
 * Overlap is tried on samples, not computed on the sets: every ASCII and Latin-1 character, a few
 * from other scripts, and the characters the lists mention (`[\u4e00-\u9fff]` brings U+4E00
 * and U+9FFF, a literal `中` itself). Sets that share only a character none of these hits are
 * taken as disjoint, so the check can miss an overlap (a pattern then stays), never invent one.
 */

/** Characters mentioned by one source, and by all the lists, that join the samples (bounded, so a long alternation stays cheap). */
const MAX_MENTIONED = 64;
const MAX_MENTIONED_IN_ALL = 1024;

const BASE_SAMPLES: readonly string[] = (() => {
  const samples: string[] = [];
  for (let code = 0; code < 0x100; code++) samples.push(String.fromCharCode(code));
  // Greek, Cyrillic, Arabic-Indic digit, Devanagari, CJK, kana, Hangul, line separator, BOM, an emoji
  for (const code of [0x391, 0x3b1, 0x410, 0x430, 0x660, 0x905, 0x4e2d, 0x3042, 0xac00, 0x2028, 0xfeff, 0x1f600]) samples.push(String.fromCodePoint(code));
  return samples;
})();

export interface CharSets {
  /** `matches(source, char)`: does the one-character pattern `source` match `char`? */
  matches(source: string, char: string): boolean;
  /** Whether some character is matched by (a source of) two of the `lists`. */
  shared(lists: readonly (readonly string[])[]): boolean;
}

/** One per pattern: compiled sources and sample lists are kept for its other groups. */
export function charSets(): CharSets {
  const compiled = new Map<string, RegExp | undefined>();
  const mentionedBy = new Map<string, string[]>();
  const matches = (source: string, char: string): boolean => {
    if (!compiled.has(source)) {
      let regex: RegExp | undefined;
      try {
        regex = new RegExp(`^(?:${source})$`, 'u');
      } catch {
        regex = undefined; // a backreference alone: it may match anything
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
  const shared = (lists: readonly (readonly string[])[]): boolean => {
    // Literal characters are exact; classes and escapes are tried on the samples, which take in
    // the characters everything in the lists mentions (literals first), up to a bound.
    const literals = lists.flatMap((list) => list.map(literalChar).filter((char) => char !== undefined));
    const samples = new Set<string>(BASE_SAMPLES);
    for (const char of [...literals, ...lists.flatMap((list) => list.flatMap(mentioned))].slice(0, MAX_MENTIONED_IN_ALL)) samples.add(char);
    const seen = new Set<string>();
    for (const list of lists) {
      const mine = new Set<string>();
      for (const source of list) {
        const literal = literalChar(source);
        if (literal !== undefined) mine.add(literal);
        else for (const char of samples) if (matches(source, char)) mine.add(char);
      }
      for (const char of mine) if (seen.has(char)) return true;
      for (const char of mine) seen.add(char);
    }
    return false;
  };
  return { matches, shared };
}

/** The character a single-character source stands for (`-`, `\.`, `\/`), or undefined for a class or an escape such as `\d`. */
export function literalChar(source: string): string | undefined {
  if (source.length === 1 && source !== '.') return source;
  if (source.length === 2 && source.codePointAt(0)! > 0xffff) return source;
  if (source.length === 2 && source[0] === '\\' && /[\^$\\.*+?()[\]{}|/-]/.test(source[1]!)) return source[1];
  return undefined;
}

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
