import { describe, expect, it } from 'vitest';
import { backtracksExponentially } from '../../src/normalize/pattern-backtracking.js';

describe('backtracksExponentially', () => {
  const unsafe = [
    '^(a+)+$', '(\\w+\\s?)*', '^(a*)*$', '(x+x+)+y', '^(\\d+\\.?)+$', '([a-z]+)*', '(a+){2,}', '(a+){1,100}', '((a+))+',
    '(?:a|b+)+', '(?<n>a+)+', '(?=(a+)+)', '^(([a-z])+.)+[A-Z]([a-z])+$',
    // a delimiter that something else in the group matches too
    '(-a*-?)*', '(-[-a-z]+)*',
    // nested beyond what is analysed
    `${'('.repeat(50)}a${')'.repeat(50)}`,
  ];
  it.each(unsafe)('%s: unsafe', (pattern) => expect(backtracksExponentially(pattern)).toBe(true));

  const safe = [
    '^[a-z]+$', '(ab)+', '^(a|b)*$', '(a+)?', '(a+){1,3}', '(a+-)+', '\\d{3}-\\d{4}', '^\\p{L}+$',
    // delimited repeats, as in real specs (Kubernetes, Docker, Stripe …)
    '[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*', '(\\.[a-z]+)+', '(\\-[a-z]+)*', '^[A-Z_]*(,[A-Z_]+)*$',
    '^((xn--)?[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*\\.)+[a-zA-Z]{2,}\\.?$',
    '^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$',
    '^(default|[a-z_]+=(on|off|default)(,[a-z_]+=(on|off|default))*)$',
  ];
  it.each(safe)('%s: safe', (pattern) => expect(backtracksExponentially(pattern)).toBe(false));

  it('is right about the worst one: it really hangs the engine, and the safe look-alike does not', () => {
    const started = performance.now();
    expect(/^[a-z]+(-[a-z]+)*$/u.test(`${'a-'.repeat(50_000)}!`)).toBe(false);
    expect(/^(a+)+$/u.test(`${'a'.repeat(16)}!`)).toBe(false); // 2^16 steps: already measurable, 2^32 would be minutes
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
