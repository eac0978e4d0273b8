/**
 * o200k_base's pre-tokenizer for any text: where gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX` ends the
 * piece that starts at a given place, by hand, for the pieces token-split.ts leaves (those near a
 * non-ASCII character). The regex itself costs ~100 M instructions to compile (its Unicode classes),
 * more than all the counting of a big API; this needs each character's class only (one small
 * regex, compiled once, ~10 M, results kept per code point).
 *
 * The pattern (see token-split.ts) reads code points (`u` flag; a lone surrogate is one, of no
 * class). With U = Lu|Lt|Lm|Lo|M, W = Ll|Lm|Lo|M, P = `[^\r\n\p{L}\p{N}]`, Q = `[^\s\p{L}\p{N}]`, at a
 * place p, alternatives in order (A1 and A2 each first with P taking p, then without):
 * - A1 from s: `U*` takes the U run [s, j), then `W+` is tried at j, j-1, … s. At j it needs a W
 *   (an Ll, as x_j is not U) and takes the whole W run; before j, the first (rightmost) i whose x_i
 *   is also W (Lm, Lo, M), and only it (x_{i+1} is not W). Then the contraction C.
 * - So without P (s = p): when x_p is not U nor W, A1 fails. With P taken (s = p + 1) and failing,
 *   [s, j) holds Lu/Lt only and x_j is not W; then if x_p is a mark (P, U and W at once), A1
 *   without P matches x_p alone (`U*` gives back to p, `W+` takes the mark); else A1 and A2 without
 *   P fail too (x_p is not U), and A2 with P matches [p, j) then C when j > s.
 * - A3 `\p{N}{1,3}`; A4 ` ?Q+[\r\n/]*`; A5-A7 whitespace: as in ASCII (token-split.ts).
 * Every code point starts a match (letters are U or W, marks too, then numbers, whitespace, Q),
 * so the regex never skips. test/report/token-split.test.ts checks the pieces equal the regex's
 * on every short text of an alphabet with each class and on real texts.
 */

const UPPER = 1; // Lu, Lt: U only
const LOWER = 2; // Ll: W only
const OTHER = 4; // Lm, Lo: U and W
const MARK = 8; // M: U and W, not a letter
const NUMBER = 16;
const SPACE = 32;
const BREAK = 64; // CR, LF (with SPACE)
const U = UPPER | OTHER | MARK;
const W = LOWER | OTHER | MARK;
const LETTER = UPPER | LOWER | OTHER;

const ascii = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x7a) ascii[c] = c === lower ? LOWER : UPPER;
  else if (c >= 0x30 && c <= 0x39) ascii[c] = NUMBER;
  else if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) ascii[c] = c === 0x0a || c === 0x0d ? SPACE | BREAK : SPACE;
}

/**
 * Latin-1's letters, numbers and space, and the General Punctuation block (U+2000-U+206F: spaces,
 * else no class), without the classifier below: compiling its Unicode classes costs ~1 ms, and the
 * non-ASCII characters of most specs are there (`’`, `…`, `–`, `é`). Checked against the classifier
 * in test/report/token-split.test.ts.
 */
const latin1 = new Uint8Array(128);
latin1[0x20] = SPACE; // U+00A0
latin1[0x2a] = latin1[0x3a] = OTHER; // ª º
latin1[0x32] = latin1[0x33] = latin1[0x39] = latin1[0x3c] = latin1[0x3d] = latin1[0x3e] = NUMBER; // ² ³ ¹ ¼ ½ ¾
latin1[0x35] = LOWER; // µ
for (let c = 0x40; c < 0x80; c++) if (c !== 0x57 && c !== 0x77) latin1[c] = c < 0x5f ? UPPER : LOWER; // À-Þ but ×, ß-ÿ but ÷

/** The class of a code point in Latin-1 or General Punctuation, else -1. */
export function knownClassOf(cp: number): number {
  if (cp < 0x80) return ascii[cp]!;
  if (cp < 0x100) return latin1[cp - 0x80]!;
  if (cp >= 0x2000 && cp <= 0x206f) return cp <= 0x200a || cp === 0x2028 || cp === 0x2029 || cp === 0x202f || cp === 0x205f ? SPACE : 0;
  return -1;
}

let classifier: RegExp | undefined;
const classes = new Map<number, number>();

/** The class of a code point by the classifier (a regex of Unicode property classes). */
export function classifiedOf(cp: number): number {
  classifier ??= /^(?:(\p{Lu}|\p{Lt})|(\p{Ll})|(\p{Lm}|\p{Lo})|(\p{M})|(\p{N})|(\s))/u;
  const m = classifier.exec(String.fromCodePoint(cp));
  return m === null ? 0 : m[1] !== undefined ? UPPER : m[2] !== undefined ? LOWER : m[3] !== undefined ? OTHER : m[4] !== undefined ? MARK : m[5] !== undefined ? NUMBER : SPACE;
}

function classOf(cp: number): number {
  if (cp < 128) return ascii[cp]!;
  if (cp < 0x100 || (cp >= 0x2000 && cp <= 0x206f)) return knownClassOf(cp);
  let k = classes.get(cp);
  if (k === undefined) {
    k = classifiedOf(cp);
    classes.set(cp, k);
  }
  return k;
}

/** The code point at `i` (a lone surrogate as itself). */
function codePointAt(text: Uint16Array, i: number, n: number): number {
  const c = text[i]!;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
    const d = text[i + 1]!;
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}

const width = (cp: number): number => (cp > 0xffff ? 2 : 1);

/** The end of the piece that starts at `p` in the text whose code units `text` holds (`p` < `n`, its length; `p` where the previous piece ended, or 0). */
export function unicodePieceEnd(text: Uint16Array, p: number, n: number): number {
  const cp = codePointAt(text, p, n);
  const k = classOf(cp);
  const next = p + width(cp);
  if ((k & (LETTER | NUMBER | BREAK)) === 0) {
    // P: A1/A2 with P taking x_p first.
    const end = word(text, next, n, (k & MARK) === 0);
    if (end !== -1) return end;
    if ((k & MARK) !== 0) return contraction(text, next, n);
  } else if ((k & LETTER) !== 0) {
    return word(text, p, n, true);
  }
  if ((k & NUMBER) !== 0) {
    let end = next;
    for (let digits = 1; digits < 3 && end < n; digits++) {
      const d = codePointAt(text, end, n);
      if ((classOf(d) & NUMBER) === 0) break;
      end += width(d);
    }
    return end;
  }
  if (cp === 0x20 && next < n && isSymbol(classOf(codePointAt(text, next, n)))) return symbolsEnd(text, next, n);
  if (isSymbol(k)) return symbolsEnd(text, p, n);
  // Whitespace (all of it in the BMP).
  let end = next;
  let lastBreak = (k & BREAK) !== 0 ? p : -1;
  for (; end < n; end++) {
    const d = classOf(text[end]!);
    if ((d & SPACE) === 0) break;
    if ((d & BREAK) !== 0) lastBreak = end;
  }
  if (lastBreak !== -1) return lastBreak + 1;
  if (end === n || end - p === 1) return end;
  return end - 1;
}

/** A1 from `s`, then (with `withA2`) A2 from `s`; -1 when they fail. */
function word(text: Uint16Array, s: number, n: number, withA2: boolean): number {
  let j = s;
  let lastW = -1;
  let k = 0;
  while (j < n) {
    const cp = codePointAt(text, j, n);
    k = classOf(cp);
    if ((k & U) === 0) break;
    j += width(cp);
    if ((k & W) !== 0) lastW = j;
  }
  if (j < n && (k & W) !== 0) {
    let end = j;
    while (end < n) {
      const cp = codePointAt(text, end, n);
      if ((classOf(cp) & W) === 0) break;
      end += width(cp);
    }
    return contraction(text, end, n);
  }
  if (lastW !== -1) return contraction(text, lastW, n);
  if (withA2 && j > s) return contraction(text, j, n);
  return -1;
}

/** `k`, or past the contraction `'s` `'d` `'m` `'t` `'ll` `'ve` `'re` (any case) that starts there. */
function contraction(text: Uint16Array, k: number, n: number): number {
  if (k + 1 >= n || text[k]! !== 0x27) return k;
  const a = text[k + 1]!;
  if (a < 0x80) {
    const la = a | 0x20;
    if (la === 0x73 || la === 0x64 || la === 0x6d || la === 0x74) return k + 2;
    if (k + 2 < n) {
      const lb = text[k + 2]! | 0x20;
      if ((la === 0x6c && lb === 0x6c) || (la === 0x76 && lb === 0x65) || (la === 0x72 && lb === 0x65)) return k + 3;
    }
  }
  return k;
}

/** A4 from `s`, a Q: the Q run, then a run of CR, LF and `/`. */
function symbolsEnd(text: Uint16Array, s: number, n: number): number {
  let end = s;
  while (end < n) {
    const cp = codePointAt(text, end, n);
    if (!isSymbol(classOf(cp))) break;
    end += width(cp);
  }
  while (end < n) {
    const d = text[end]!;
    if (d !== 0x0a && d !== 0x0d && d !== 0x2f) break;
    end++;
  }
  return end;
}

/** Q, `[^\s\p{L}\p{N}]` (a mark is one). */
function isSymbol(k: number): boolean {
  return (k & (SPACE | LETTER | NUMBER)) === 0;
}
