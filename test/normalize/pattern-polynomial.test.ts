import { describe, expect, it } from 'vitest';
import { polynomialBacktracking } from '../../src/normalize/pattern-polynomial.js';

describe('polynomialBacktracking', () => {
  // Node 22: ^\d+\d+\d+x took 82 ms on 843 digits and 3.5 s on 3,000; \d+\d+x (no ^) 184 ms on 1,000 and 4.3 s on 3,000;
  // ^.*.*=.*$ 1.1 s on 2,000 `=` and a newline; a*a*$ 184 ms on 1,000 `a`s and a `!`.
  const slow = [
    '^\\d+\\d+\\d+x', '\\d+\\d+x', 'a*a*$', '.*.*=.*', '^.*.*=.*$', '\\w+\\d+$', '^(a+){1,3}$', '^\\d+\\d+\\d+\\d+x',
    // readme.com's: 2.4 s on 13,000 characters of /versions/1-_ repeated
    '\\/(versions|branches)\\/((v{0,1})(stable|([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?(-.*)?)(_(.*))?)\\/categories\\/(guides|reference)\\/((.*))',
    // bounded repeats that split exponentially within their bound: over 20 s on 50 digits
    '^(\\d{1,16}){1,16}x',
    // one quantifier whose body holds a choice: 1.35 s on 25 `a`s and a `b`
    '^(a|a){1,30}$',
    // an exact count of a body that splits two ways: ^(a|a){30}$ 640 ms on 24 `a`s and a `b` (90 ms once V8 has compiled it),
    // 2.6 s on 26; ^(a|a){30}b the same; ^((a|a)b){30}$ 810 ms on 24 `ab`s and a `c`; ^(?:\w|\d){40}$ 640 ms on 24 digits
    // and a `!`; ^(a?a){30}$ 7.2 s on 40 `a`s and a `b`; ^((a|a){5}){6}$ 690 ms on 24 `a`s and a `b`
    '^(a|a){30}$', '^(a|a){30}b', '^((a|a)b){30}$', '^(?:\\w|\\d){40}$', '^(a?a){30}$', '^((a|a){5}){6}$',
    // a body that goes through itself in few ways, repeated: ^([a-z]{1,8}){9}x (8^9 = 2^27 ways) 583 ms on 72 `a`s and a `!`;
    // (\d{1,3}){9}x (3^9 ways) from each start: 1.06 s on 10,000 digits
    '^([a-z]{1,8}){9}x', '(\\d{1,3}){9}x',
    // such repeats one after the other multiply: ^(a|a){12}(a|a){13}$ 710 ms on 24 `a`s and a `b`, ^(a|a){12}-(a|a){13}$
    // 760 ms on 12 `a`s, `-`, 12 `a`s and a `b` (when the second fails, the first tries its next way)
    '^(a|a){12}(a|a){13}$', '^(a|a){12}-(a|a){13}$', '(?:(a|a){13}|x)(a|a){12}',
    // 8 ways to read aaa before two repeats in a row: ^(a|a){3}a+a+x 280 ms on 10,000 `a`s (^a+a+x 36 ms)
    '^(a|a){3}a+a+x',
    // in a lookaround, a pattern of its own: ^(?=(a|a){30}$) 640 ms on 24 `a`s and a `b`, (?<=(a|a){30})b 1.3 s;
    // ^(?=\d+\d+\d+x) 3.3 s on 3,000 digits; X(?=.*\d.*[a-z]), tried after each X: 330 ms on 1,000 `X1`s, 2.5 s on 2,000
    '^(?=(a|a){30}$)', '(?<=(a|a){30})b', '^(?=\\d+\\d+\\d+x)', 'X(?=.*\\d.*[a-z])', '^(?!(?=(a|a){30}))',
  ];
  it.each(slow)('%s: slow', (pattern) => expect(polynomialBacktracking(pattern)).toBeDefined());

  const fast = [
    // two repeats in a row: about 50 ms on 10,000 characters (^\d+\d+x 44 ms, \s*,\s*$ 46 ms, [a-z]+$ 46 ms)
    '^\\d+\\d+x', '^a*a*$', '\\s*,\\s*$', '[a-z]+$', '^\\w+\\d+$', '\\d+$',
    // delimited, or the match can end right after the repeats (nothing left to fail)
    '^\\d+x\\d+y\\d+z', '\\d+\\d+(x|.*)', 'a*a*', '(v{0,1})(stable|([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?(-.*)?)(_(.*))?',
    // bounded repeats cap their splits: ^[a-z]{1,64} four times and an x took 42 ms on 256 `a`s
    '^[a-z]{1,64}[a-z]{1,64}[a-z]{1,64}[a-z]{1,64}x', '^(a|aa){1,3}$', '^(\\d{1,3}\\.){3}\\d{1,3}$',
    // real-world ones
    '^(\\+|-)?\\d+$', '^(https?|ftp)://', '^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$', '[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$', '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?)?$',
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
    // exact counts: of one character or a body that reads a text one way only (0.0-0.2 ms on 10,000 characters), of a body
    // that splits two ways within 24 characters in all (^(a|a){20}$ 35 ms on 20 `a`s and a `b`), or in different
    // alternatives (^(?:(a|a){20}|(b|b){20})$ 35 ms: 2^20 + 2^20 ways); (a|ab){30}c 0.4 ms on 5,000 `ab`s
    '^[a-f0-9]{64}$', '^sha256:[a-f0-9]{64}$', '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', '^\\d{4}-\\d{2}-\\d{2}$',
    '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$', '^(\\d{1,3}\\.){3}\\d{1,3}$',
    // lookarounds tried once after ^, or with two repeats: ^(?=.*\d.*[a-z]).{8,}$ 51 ms on 10,000 digits, (?=.*\d)X 35 ms on 10,000 `a`s
    '^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$', '^(?=.*\\d.*[a-z]).{8,}$', '(?=.*\\d)X',
    '^(a|a){20}$', '^(?:(a|a){20}|(b|b){20})$', '(a|ab){30}c',
    // reads 27 characters but in 3^9 ways only: ^(\d{1,3}){9}x 0.1 ms on 27 digits and a `y` (on 10,000 digits too);
    // ^(\d{1,3}){12}x 3 ms on 36 digits and a `y`; ^([a-z]{1,8}){8}x (2^24 ways) 76 ms on 64 `a`s and a `!`
    '^(\\d{1,3}){9}x', '^(\\d{1,3}){12}x', '^(\\d{1,3}){1,9}x', '^([a-z]{1,8}){8}x', '^(a{2}|b){30}$', '^((a|b){2}){30}$', '^(x|a|a){12}(a|a){12}$',
    '^((xn--)?[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*\\.)+[a-zA-Z]{2,}\\.?$', '^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$',
  ];
  it.each(fast)('%s: fast enough', (pattern) => expect(polynomialBacktracking(pattern)).toBeUndefined());

  it('lets maxLength keep a slow pattern short, and looks no further than 10,000 characters', () => {
    expect(polynomialBacktracking('^\\d+\\d+\\d+x', 800)).toBeUndefined(); // about 85 ms
    expect(polynomialBacktracking('^\\d+\\d+\\d+x', 900)).toBe('3 repeats in a row that can read the same characters: about 122 ms on 900 characters');
    expect(polynomialBacktracking('^\\d+\\d+\\d+\\d+x', 200)).toBeUndefined();
    expect(polynomialBacktracking('^\\d+\\d+x', 1_000_000)).toBeUndefined();
    expect(polynomialBacktracking('\\d+\\d+x', 'long')).toMatch(/^3 repeats in a row .*\(no \^\): about 167 s on 10000 characters$/);
  });

  it('gives each maxLength its own verdict, whatever was checked before', () => {
    expect(polynomialBacktracking('^\\d+\\d+\\d+\\d+y', 150)).toBeUndefined();
    expect(polynomialBacktracking('^\\d+\\d+\\d+\\d+y')).toBeDefined();
    expect(polynomialBacktracking('^\\d+\\d+\\d+\\d+y', 150)).toBeUndefined();
    expect(polynomialBacktracking('^\\d+\\d+\\d+\\d+y', 5000)).toBeDefined();
  });

  it('says how many characters the repeats that split exponentially can read', () => {
    expect(polynomialBacktracking('^(a|a){30}$')).toBe('a bounded repeat that can split 30 characters in exponentially many ways');
    expect(polynomialBacktracking('^(a|a){1,30}$')).toBe('a bounded repeat that can split 30 characters in exponentially many ways');
    expect(polynomialBacktracking('^(a?a){30}$')).toBe('a bounded repeat that can split 60 characters in exponentially many ways');
    expect(polynomialBacktracking('^(a|a){12}-(a|a){13}$')).toBe('2 bounded repeats in turn that can split 25 characters in exponentially many ways');
    expect(polynomialBacktracking('^(?=(a|a){30}$)')).toBe('in a lookaround, a bounded repeat that can split 30 characters in exponentially many ways');
    expect(polynomialBacktracking('X(?=.*\\d.*[a-z])')).toBe('in a lookaround, 3 repeats in a row that can read the same characters, counting each start it is tried at: about 167 s on 10000 characters');
  });

  it('accepts patterns without a quantifier, or with one over a body without a choice, a long literal too', () => {
    for (const pattern of ['^/v1/financial_connections/accounts', `^${'ab'.repeat(5000)}$`, '(a|b)(a|b)(a|b)c', '^(a|ab)\\1$', '[{]x', '\\(x\\)', '^sha256:[a-f0-9]{64}$', '^(ab)+$']) {
      expect(polynomialBacktracking(pattern), pattern).toBeUndefined();
    }
  });

  it('is right: three repeats in a row grow as the cube, two stay fast on 10,000 characters', () => {
    const time = (regex: RegExp, input: string): number => {
      const started = performance.now();
      expect(regex.test(input)).toBe(false);
      return performance.now() - started;
    };
    expect(time(/^\d+\d+x/u, '1'.repeat(10_000))).toBeLessThan(500);
    const three = /^\d+\d+\d+x/u;
    time(three, '1'.repeat(100));
    expect(time(three, '1'.repeat(800))).toBeGreaterThan(time(three, '1'.repeat(200)) * 16); // 64 times the splits
    const exact = /^(a|a){30}$/u;
    time(exact, 'a'.repeat(8) + 'b');
    expect(time(exact, `${'a'.repeat(20)}b`)).toBeGreaterThan(time(exact, `${'a'.repeat(14)}b`) * 8); // 64 times the splits
  });
});
