/**
 * A step of search-index-json.ts without its general machinery, giving exactly what the general
 * one gives (test/emit/search-index-scan.test.ts compares them on random and real texts):
 *
 * - {@link scanTokens}: search-terms.gen.ts's `tokenize` as one pass over the characters instead
 *   of three regular-expression replaces, a split and a filter (GitHub: 117k tokens, 0.7 MB of text;
 *   the regular expressions were about 40 ms of a generation).
 */

/** Character classes of {@link scanTokens}: anything but ASCII letters and digits separates tokens. */
const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

/** An ASCII lower case letter (NaN, past the end, is not). */
function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/**
 * What `tokenize(text)` returns. Its steps, in terms of the original characters (each step's
 * spaces fall between letters, where the later steps do not look): a token is a run of ASCII
 * letters and digits, cut between a lower and an upper case letter (`aB`), before the last upper
 * case letter of a run that a lower case one follows (`URLParser` → `URL Parser`; not when that one
 * is an `s` ending the run of lower case letters: `PRs`), and between a letter and a digit either way.
 */
export function scanTokens(text: string): string[] {
  const tokens: string[] = [];
  const n = text.length;
  let start = -1;
  let previous = OTHER;
  // One place cuts a token (at `end`), and the rare cut (`URLParser`) does no arithmetic of its
  // own: code optimized before a spec's first such word would otherwise be thrown away there.
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = c >= 97 && c <= 122 ? LOWER : c >= 65 && c <= 90 ? UPPER : c >= 48 && c <= 57 ? DIGIT : OTHER;
    let end = -1;
    if (kind === OTHER) {
      if (start >= 0) end = i;
    } else if (start < 0) {
      start = i;
    } else if ((previous === LOWER && kind === UPPER) || (previous === DIGIT) !== (kind === DIGIT)) {
      end = i;
    } else if (previous === UPPER && kind === LOWER) {
      // The token's character before i - 1 is an upper case letter: a lower case one or a digit would have cut it.
      // An acronym's plural is not cut (`PRs`): an `s` that no lower case letter follows.
      const before = i - 1;
      if (before > start && !(c === 115 && !isLower(text.charCodeAt(i + 1)))) end = before;
    }
    if (end >= 0) {
      tokens.push(text.slice(start, end));
      start = kind === OTHER ? -1 : end;
    }
    previous = kind;
  }
  if (start >= 0) tokens.push(text.slice(start));
  return tokens;
}
