/**
 * o200k_base's pre-tokenizer for ASCII, by hand: where gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX`
 * would end the piece that starts at a given place, when deciding it reads ASCII characters only
 * (else token-split-unicode.ts decides). The regex (Unicode property classes, seven alternatives,
 * the `u` flag) costs ~100 M instructions to compile and hundreds per character to run in V8; this
 * costs a few per character.
 *
 * The pattern, alternatives tried in order at each place (the first that matches wins):
 *   A1 `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+C?`
 *   A2 `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*C?`
 *   A3 `\p{N}{1,3}`   A4 ` ?[^\s\p{L}\p{N}]+[\r\n/]*`   A5 `\s*[\r\n]+`   A6 `\s+(?!\S)`   A7 `\s+`
 * with C = `'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE])`. In ASCII, \p{Lu} is A-Z, \p{Ll}
 * a-z, \p{L} both, \p{N} 0-9, and \p{Lt}, \p{Lm}, \p{Lo}, \p{M} are empty; \s is tab, LF, VT, FF,
 * CR and space. So, at a place p:
 * - A letter: A1 or A2, whichever (A1 when lower-case letters follow the upper-case ones, else A2)
 *   ends after the upper-case run and then the lower-case run (the optional first class holds no
 *   letter; giving back an upper-case letter cannot help `[a-z]+`), then C when it follows.
 * - Another character but CR or LF (space, tab, punctuation, control) followed by a letter: the
 *   same from p + 1, with the character as A1/A2's optional first one.
 * - A digit: A3, at most three digits (A1/A2 cannot start with a digit).
 * - A space followed by a character of `[^\s\p{L}\p{N}]`, or such a character itself: A4, that run
 *   and then a run of CR, LF and `/` (`/` is in the first run already).
 * - Else whitespace (A1/A2 and A4 failed): with CR or LF in its run, A5 ends after the last CR or
 *   LF of the run (`\s*` backtracks from the run's end to it, `[\r\n]+` takes it alone); without,
 *   A6 takes the run at the text's end or all but its last character when that leaves one, else A7
 *   the single character.
 * test/report/token-split.test.ts checks the pieces equal the regex's on every short text of a
 * covering alphabet and on real texts.
 */

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
let unitBytes = Buffer.allocUnsafeSlow(2 * 4096);
let units = new Uint16Array(unitBytes.buffer, unitBytes.byteOffset, 4096);

/**
 * The UTF-16 code units of `text` (lone surrogates kept), in an array reused by the next call:
 * one native copy (`Buffer#write` as UTF-16LE), read back as a Uint16Array.
 */
export function codeUnits(text: string): Uint16Array {
  const n = text.length;
  if (units.length < n) {
    unitBytes = Buffer.allocUnsafeSlow(4 * n);
    units = new Uint16Array(unitBytes.buffer, unitBytes.byteOffset, 2 * n);
  }
  if (littleEndian) unitBytes.write(text, 0, 2 * n, 'utf16le');
  else for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
  return units;
}

/**
 * The end of the piece that starts at `p` in the text whose code units `text` holds ({@link codeUnits};
 * `p` < `n`, the text's length; `p` where the previous piece ended, or 0), or -1 when deciding it
 * would read a non-ASCII character (then token-split-unicode.ts decides). Every character the regex reads to find that piece, this reads
 * too (the case analysis above, one character past each run), so when all of them are ASCII the
 * piece is the one the regex finds, whatever the rest of the text holds.
 */
export function asciiPieceEnd(text: Uint16Array, p: number, n: number): number {
  const c = text[p]!;
  if (c >= 0x80) return -1;
  if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return wordEnd(text, p, n);
  if (c >= 0x30 && c <= 0x39) {
    let end = p + 1;
    for (; end < n && end < p + 3; end++) {
      const d = text[end]!;
      if (d >= 0x80) return -1;
      if (d < 0x30 || d > 0x39) break;
    }
    return end;
  }
  const space = c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c !== 0x0a && c !== 0x0d && p + 1 < n) {
    const d = text[p + 1]!;
    if (d >= 0x80) return -1;
    if ((d | 0x20) >= 0x61 && (d | 0x20) <= 0x7a) return wordEnd(text, p + 1, n);
    if (c === 0x20 && isSymbol(d)) return symbolsEnd(text, p + 1, n);
  }
  if (!space) return symbolsEnd(text, p, n);
  let end = p + 1;
  let lastBreak = c === 0x0a || c === 0x0d ? p : -1;
  for (; end < n; end++) {
    const d = text[end]!;
    if (d >= 0x80) return -1;
    if (d !== 0x20 && (d < 0x09 || d > 0x0d)) break;
    if (d === 0x0a || d === 0x0d) lastBreak = end;
  }
  if (lastBreak !== -1) return lastBreak + 1;
  if (end === n || end - p === 1) return end;
  return end - 1;
}

/** A1/A2 from `s`, a letter: upper-case run, lower-case run, then a contraction; -1 on a non-ASCII read. */
function wordEnd(text: Uint16Array, s: number, n: number): number {
  let k = s + 1;
  let d = 0;
  let upper = text[s]! <= 0x5a;
  for (; k < n; k++) {
    d = text[k]!;
    if (d >= 0x61 && d <= 0x7a) upper = false;
    else if (!(upper && d >= 0x41 && d <= 0x5a)) break;
  }
  if (k === n) return k;
  if (d >= 0x80) return -1;
  if (d !== 0x27 || k + 1 === n) return k;
  const a = text[k + 1]!;
  if (a >= 0x80) return -1;
  const la = a | 0x20;
  if (la === 0x73 || la === 0x64 || la === 0x6d || la === 0x74) return k + 2; // s d m t
  if (k + 2 === n) return k;
  const b = text[k + 2]!;
  if (b >= 0x80) return -1;
  const lb = b | 0x20;
  if ((la === 0x6c && lb === 0x6c) || (la === 0x76 && lb === 0x65) || (la === 0x72 && lb === 0x65)) return k + 3; // ll ve re
  return k;
}

/** A4 from `s`, a symbol: the symbol run, then a run of CR, LF and `/`; -1 on a non-ASCII read. */
function symbolsEnd(text: Uint16Array, s: number, n: number): number {
  let end = s + 1;
  for (; end < n; end++) {
    const d = text[end]!;
    if (d >= 0x80) return -1;
    if (!isSymbol(d)) break;
  }
  for (; end < n; end++) {
    const d = text[end]!;
    if (d >= 0x80) return -1;
    if (d !== 0x0a && d !== 0x0d && d !== 0x2f) break;
  }
  return end;
}

/** `[^\s\p{L}\p{N}]` for an ASCII character. */
function isSymbol(c: number): boolean {
  return c !== 0x20 && (c < 0x09 || c > 0x0d) && (c < 0x30 || c > 0x39) && ((c | 0x20) < 0x61 || (c | 0x20) > 0x7a);
}
