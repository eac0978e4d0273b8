import { describe, expect, it } from 'vitest';
import { ambiguousExactRepeats } from '../../src/normalize/pattern-ambiguity.js';
import { charSets } from '../../src/normalize/pattern-char-sets.js';
import { parsePattern } from '../../src/normalize/pattern-parse.js';
import { pathsInTurn } from '../../src/normalize/pattern-paths.js';
import { polynomialBacktracking } from '../../src/normalize/pattern-polynomial.js';
import { checkPattern } from '../../src/normalize/schema-pattern.js';

const times = (part: string, n: number): string => part.repeat(n);

describe('pathsInTurn', () => {
  const paths = (pattern: string): { most: number; work: number } => {
    const root = parsePattern(pattern);
    const sets = charSets();
    return pathsInTurn(root, sets, 10_000, { loops: ambiguousExactRepeats(root, sets) });
  };
  /** The paths of n groups (a|aa) that k `a`s keep alive: j groups read whole, or j and the first `a` of an `aa`. */
  const sharedOut = (n: number): number => {
    const compositions = (k: number, j: number): number => (j === 0 ? (k === 0 ? 1 : 0) : k <= 0 ? 0 : compositions(k - 1, j - 1) + compositions(k - 2, j - 1));
    let most = 0;
    for (let k = 1; k <= 2 * n; k++) {
      let alive = 0;
      for (let j = 1; j <= n; j++) alive += compositions(k, j);
      for (let j = 0; j < n; j++) alive += compositions(k - 1, j);
      most = Math.max(most, alive);
    }
    return most;
  };

  it('multiplies the ways of groups one after the other that read the same text', () => {
    expect(paths(`^${times('(a|a)', 10)}b$`).most).toBe(2 ** 10);
    // (a|aa) alone reads a text one way; ten share `a`s out in many
    expect(sharedOut(10)).toBeGreaterThan(252); // C(10, 5) ways to read 15 `a`s whole
    expect(paths(`^${times('(a|aa)', 10)}b$`).most).toBe(sharedOut(10));
    expect(paths(`^${times('(a|ab)', 10)}c$`).most).toBe(2);
    expect(paths('^(a|b)(a|b)(a|b)c$').most).toBe(1);
  });

  it('reads repeats as one character of their own, so their splits are not counted again', () => {
    expect(paths('^\\d+\\d+\\d+x').most).toBe(1);
    expect(paths('^(a|a){30}$').most).toBe(1);
    expect(paths('^(a|a)\\d*(a|a)b').most).toBe(4);
  });
});

describe('parts in turn that split a text (Node 22, each on its worst input)', () => {
  const slow = [
    // ^(a|a)…(a|a)b$ written out 28 times: 127 ms on 28 `a`s and a `c` (25: 23 ms, refused too: the limit counts 1 ns a
    // try, about what the costliest without empty parts took, below); 30 times: 2^30 ways
    `^${times('(a|a)', 28)}b$`, `^${times('(a|a)', 30)}b$`,
    // no group reads a text two ways, but 26 share 39 `a`s out in C(26, 13) ways: 107 ms on 39 `a`s and a `c`; 115 ms on
    // 40 `a`s and a `!` (2^27 tries: 0.85 ns a try); with parts that match empty, 2^25 tries took 131 ms on 20 `a`s and
    // a `!` (4 ns a try: those patterns count 4 ns)
    `^${times('(a|aa)', 26)}b$`, '^(aa|a)(aa|aa)(aa|aa)a(a|a)a(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|aa)(a|a)aa(a|aa)(aa|aa)(a|a)(a|a)(a|a)(a|a)(a|aa)(a|a)(a|aa)(a|aa)(a|a)(aa|a)(a|aa)ac',
    '^(a{0,2}|a{0,2}|a{0,2}a)(a?|a[ab]|aaaa)[ab](a?[ab]|a{0,2}|a?aa)(aa|aa)(aa[ab]|a?|[ab])(a?|aa|aaa)(aa|a|[ab])(a?|a{0,2}|a?a?)(a?|a?|a{0,2})([ab]|aa)(a|[ab]|a{0,2})c$',
    // bounded repeats copied out share the text with the groups: 264 ms on 70 `a`s and a `!`
    '^(a|a|aa)(a|aa)(aaa|a)(aaaa|aaaa)(a|a|aaa)(aaaaaa|a)aa(a|aaa)(aaa|aaaa{1,3})(a{1,3}|aa{1,3}|aaa)aaa(a|aaa)(a|aaaa|aa)(a|aaaa)(aa|a{1,3}|aaaa)aaa{1,3}a{1,3}(aa|a|aaa)(a{1,3}aaa|aaa|a{1,3}aa)c$',
    // tried from each start: (a|a)×17 then b 857 ms on 10,000 `a`s and a `c`; (a|a){12}b 307 ms, (a|a){11}b 162 ms
    `${times('(a|a)', 17)}b`, '(a|a){12}b', '(a|a){11}b',
    // the ways in front of repeats in a row: ^(a|a)(a|a)\d+\d+x 152 ms on `aa` and 9,998 digits (^\d+\d+x 47 ms)
    '^(a|a)(a|a)\\d+\\d+x', `^${times('(a|a)', 4)}\\d+\\d+x`,
    // a lookaround tried once for each way in front: ^(a|a){12}(?=(a|a){12}b) 112 ms on 24 `a`s and a `c`,
    // ^(a|a){15}(?=\d+x) 273 ms on 15 `a`s and 9,985 digits
    '^(a|a){12}(?=(a|a){12}b)', '^(a|a){15}(?=\\d+x)',
    // behind 720 characters copied out: 456 ms on its worst input
    `^${times('(abcdefgh){30}', 3)}${times('(a|a)', 30)}b`,
  ];
  it.each(slow)('%s: slow', (pattern) => expect(polynomialBacktracking(pattern)).toBeDefined());

  const fast = [
    // 24 written out: 9.8 ms; (a|aa) 24 times: 46 ms on 36 `a`s and a `c` (25, refused: 77 ms); (a|ab) 30 times: 0.2 ms
    // on 30 `ab`s and a `d`
    `^${times('(a|a)', 24)}b$`, `^${times('(a|aa)', 24)}b$`, `^${times('(a|ab)', 30)}c$`,
    // tried from each start: (a|a)×11 then b 8.5 ms on 10,000 `a`s and a `c` (12, refused: 12 ms), (a|a){10}b 65 ms
    `${times('(a|a)', 11)}b`, '(a|a){10}b',
    // repeats with a choice of count in turn: their splits are the polynomial check's (42 ms on 256 `a`s)
    '^[a-z]{1,64}[a-z]{1,64}[a-z]{1,64}[a-z]{1,64}x',
    // a lookaround that splits nothing costs a step a try: ^(a|a){20}(?=b) 6 ms on 20 `a`s and a `c`; ^(a|a)(a|a)\d+x 0.1 ms
    '^(a|a){20}(?=b)', '^(a|a){5}(?=(a|a){5}b)', '^(a|a)(a|a)\\d+x',
    // alternatives that part on their first character
    '^(foo|bar|baz)$', '^ssh-(rsa|dss|ed25519) |^ecdsa-sha2-nistp(256|384|521) ',
  ];
  it.each(fast)('%s: fast enough', (pattern) => expect(polynomialBacktracking(pattern)).toBeUndefined());

  it('says why', () => {
    expect(checkPattern(`^${times('(a|a)', 30)}b$`)).toEqual({ problem: 'can take too long to match (parts in turn that can read one text in about 2^30 ways: one argument could stall the server); ignored' });
    expect(polynomialBacktracking('(a|a){12}b')).toBe('a bounded repeat that can split 12 characters in exponentially many ways, counting the search from each start (no ^)');
    expect(polynomialBacktracking('^(a|a)(a|a)\\d+\\d+x')).toBe('2 repeats in a row that can read the same characters, after parts that split the text about 2^2 ways: about 200 ms on 10000 characters');
    expect(polynomialBacktracking('^(a|a){12}(?=(a|a){12}b)')).toBe(
      'in a lookaround, a bounded repeat that can split 12 characters in exponentially many ways, tried for each of about 2^12 ways the pattern around it splits the text, counting each start it is tried at',
    );
  });

  it('lets maxLength keep a text short', () => {
    expect(polynomialBacktracking('^(a|a)(a|a)\\d+\\d+x', 5000)).toBeUndefined(); // about 50 ms
    expect(polynomialBacktracking(`^${times('(a|a)', 30)}b$`, 20)).toBeUndefined(); // 2^20 ways at most
  });

  it('is right: a written-out chain doubles its time with each group', () => {
    const time = (regex: RegExp, input: string): number => {
      const started = performance.now();
      expect(regex.test(input)).toBe(false);
      return performance.now() - started;
    };
    const chain = new RegExp(`^${times('(a|a)', 22)}b$`, 'u');
    time(chain, `${'a'.repeat(8)}c`);
    expect(time(chain, `${'a'.repeat(22)}c`)).toBeGreaterThan(time(chain, `${'a'.repeat(16)}c`) * 8); // 64 times the ways
  });
});
