import { describe, expect, it } from 'vitest';
import { backtracksExponentially, exponentialBacktracking } from '../../src/normalize/pattern-backtracking.js';

describe('backtracksExponentially', () => {
  const unsafe = [
    '^(a+)+$', '(\\w+\\s?)*', '^(a*)*$', '(x+x+)+y', '^(\\d+\\.?)+$', '([a-z]+)*', '(a+){2,}', '(a+){1,100}', '((a+))+',
    '(?:a|b+)+', '(?<n>a+)+', '(?=(a+)+)', '^(([a-z])+.)+[A-Z]([a-z])+$',
    // a delimiter that something else in the group matches too
    '(-a*-?)*', '(-[-a-z]+)*',
    // nested beyond what is analysed
    `${'('.repeat(50)}a${')'.repeat(50)}`,
    // alternatives that can start with the same character, under an unbounded repeat
    '(a|a)*', '(\\w|\\d)+$', '(a|aa)+$', '^(?:[a-z]|[^0-9])+$', '^((a|b|a))+$', '(a|b|\\p{L})+', '(.|a)*x',
    '([\\u4e00-\\u9fff]|[\\u4e00])+$', '(中|[\\u4e00-\\u9fff])+$', '([\\u{1F600}-\\u{1F64F}]|\\u{1F610})+$', '(\\1|a)+', '(b?a|a)*', '(a|a){1,100}',
    // readme.com's: `[^\\x00-\\x7F]` (a backslash, not an escape) matches letters too; 34 characters took 8.7 s
    '(([a-z0-9-_ ]|[^\\\\x00-\\\\x7F])+.(json|yaml|yml))',
    // a repeated group that can match the empty string
    '(x|x?)+', '(a?b?)*', '(a|)+', '(a|(?=b))+', '(\\b|a)+', '(a*b*|c)*',
    // ambiguity inside the repeated group: ^((a|a)b)*$ took 106 ms on 48 characters and a `!`, ^(a?a)*$ 46 s on 48 `a`s and a `!`
    '^((a|a)b)*$', '^((a|[ab])b)*$', '^(a?a)*$', '(?:a?a)+$', '(c(a|a))*$', '((a?|b?)c)*$', '(a{1,3})+$', '((a|b){1,3})*$', '(a|b|ab)*$',
    '(x(a|ab)(bc|c))*$', '(?=((a|a)b)*$)',
    // a back reference reads what its group read, or nothing
    '^(a)(b\\1|ba)+$', '^(?<x>a)(b\\k<x>|ba)+$', '^(a)(\\1|a)+$',
  ];
  it.each(unsafe)('%s: unsafe', (pattern) => expect(backtracksExponentially(pattern)).toBe(true));

  const safe = [
    '^[a-z]+$', '(ab)+', '^(a|b)*$', '(a+)?', '(a+){1,3}', '(a+-)+', '\\d{3}-\\d{4}', '^\\p{L}+$',
    // delimited repeats, as in real specs (Kubernetes, Docker, Stripe …)
    '[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*', '(\\.[a-z]+)+', '(\\-[a-z]+)*', '^[A-Z_]*(,[A-Z_]+)*$',
    '^((xn--)?[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*\\.)+[a-zA-Z]{2,}\\.?$',
    '^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$',
    '^(default|[a-z_]+=(on|off|default)(,[a-z_]+=(on|off|default))*)$',
    // alternatives that start differently, or are not repeated without bound
    '^[a-z0-9-]+$', '^(\\+|-)?\\d+$', '^(https?|ftp)://', '^(foo|bar)+$', '^(a|aa){1,3}$', '^(a|a)?$', '(ab|cd|\\d)+', '(a|b){2,}$', '^(.|\\n)*x$',
    '^(\\p{Lu}|\\p{Nd})+$', '^(\\\\.|[^\\\\"])*$', '^([a-z]|\\u00e9)+$', '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$',
    // alternatives that share a first character but part on the next one: ^(a|ab)*c took 33 ms on 10,000 characters
    '^([a-z])(,\\1)*$', '^(?<x>[a-z])(,\\k<x>)*$',
    '(a|ab)*c', '^(a|ab)*$', '^((a|aa)c)+$', '^(ab|ac)+$', '^(a(b|c)|d)+$', '^(\\.[a-z]+|\\.[0-9]+)+$',
    '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?)?$',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
    '^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$',
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
  ];
  it.each(safe)('%s: safe', (pattern) => expect(backtracksExponentially(pattern)).toBe(false));

  it('says which kind of repeat it found', () => {
    expect(exponentialBacktracking('^(a+)+$')).toBe('a repeated group with a repeat inside');
    expect(exponentialBacktracking('^(a|aa)+$')).toBe('a repeated group whose alternatives can start with the same character');
    expect(exponentialBacktracking('^(x|x?)+$')).toBe('a repeated group that can match the empty string');
    expect(exponentialBacktracking('^((a|a)b)*$')).toBe('a repeated group whose alternatives can start with the same character');
    expect(exponentialBacktracking('^(c(a|a))*$')).toBe('a repeated group that can match the same text in two ways');
    expect(exponentialBacktracking('^(a+b*)+$')).toBe('a repeated group with a repeat inside');
    expect(exponentialBacktracking('^(foo|bar)+$')).toBeUndefined();
  });

  it('checks a long alternation quickly', () => {
    const started = performance.now();
    const letters = Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    expect(backtracksExponentially(`^(${letters.join('|')})+$`)).toBe(false);
    expect(backtracksExponentially(`^(${letters.join('|')}|[\\u{4e00}-\\u{4fff}])+$`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('is right about the overlapping alternatives: they hang the engine, and alternatives starting differently do not', () => {
    const time = (regex: RegExp, input: string): number => {
      const started = performance.now();
      expect(regex.test(input)).toBe(false);
      return performance.now() - started;
    };
    expect(time(/^(foo|bar)+$/u, `${'foo'.repeat(50_000)}!`)).toBeLessThan(500);
    const overlapping = /^(\w|\d)+$/u;
    time(overlapping, `${'1'.repeat(10)}!`); // compiled and warm before the short one is timed
    expect(time(overlapping, `${'1'.repeat(20)}!`)).toBeGreaterThan(time(overlapping, `${'1'.repeat(10)}!`) * 8); // 2^10 times the steps
  });

  it('is right about ambiguity inside the group: it hangs the engine, and the look-alike that parts on the next character does not', () => {
    const time = (regex: RegExp, input: string): number => {
      const started = performance.now();
      expect(regex.test(input)).toBe(false);
      return performance.now() - started;
    };
    expect(time(/^(a|ab)*c/u, 'ab'.repeat(5_000))).toBeLessThan(500);
    expect(time(/^((a|aa)c)+$/u, `${'aac'.repeat(20_000)}!`)).toBeLessThan(500);
    const inner = /^((a|[ab])b)*$/u;
    time(inner, `${'ab'.repeat(10)}!`);
    expect(time(inner, `${'ab'.repeat(20)}!`)).toBeGreaterThan(time(inner, `${'ab'.repeat(10)}!`) * 8); // 2^10 times the steps
  });

  it('is right about the worst one: it really hangs the engine, and the safe look-alike does not', () => {
    const started = performance.now();
    expect(/^[a-z]+(-[a-z]+)*$/u.test(`${'a-'.repeat(50_000)}!`)).toBe(false);
    expect(/^(a+)+$/u.test(`${'a'.repeat(16)}!`)).toBe(false); // 2^16 steps: already measurable, 2^32 would be minutes
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
