/**
 * Exact token counts of many JSON texts that repeat themselves (tools/list answers: the same
 * `","type":"string` thousands of times), by cutting each text where the count is additive and
 * counting each distinct piece once.
 *
 * Why the cut is exact: o200k_base first splits a text with one regular expression (gpt-tokenizer's
 * `O200K_TOKEN_SPLIT_PATTERN`) and encodes each match on its own. Only its two letter alternatives
 * can match a letter, and neither can go on past a `"` (letters, marks and an `'s`-style suffix
 * only); a digit is matched only by `\p{N}{1,3}`. So a match holding an ASCII letter or digit that
 * is followed by `"` ends right there, and the pattern has no lookbehind: the matches before that
 * point and after it are the same whether the text is split there or not. Special tokens
 * (`<|endoftext|>` …) hold no `"`, so none spans a cut. Hence count(a + b) = count(a) + count(b)
 * for every cut between `[A-Za-z0-9]` and `"`, which is most string ends in JSON.
 * test/report/token-chunks.test.ts checks the sum against one count of the whole text.
 */
import type { CountTokens } from './token-cost.js';

/** A counter that gives the same counts as `count`, memoizing them per chunk (for one run: the memo only grows). */
export function chunkedCounter(count: CountTokens): CountTokens {
  const memo = new Map<string, number>();
  const piece = (chunk: string): number => {
    let tokens = memo.get(chunk);
    if (tokens === undefined) {
      tokens = count(chunk);
      memo.set(chunk, tokens);
    }
    return tokens;
  };
  return (text) => {
    let total = 0;
    let start = 0;
    for (let quote = text.indexOf('"', 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
      if (isAsciiWordChar(text.charCodeAt(quote - 1))) {
        total += piece(text.slice(start, quote));
        start = quote;
      }
    }
    return total + (start < text.length ? piece(start === 0 ? text : text.slice(start)) : 0);
  };
}

function isAsciiWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
}
