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
    // more than the analysis walks through in its budget
    `^${'\\w*'.repeat(40)}x`,
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
  });
});
