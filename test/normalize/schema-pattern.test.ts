import { describe, expect, it } from 'vitest';
import { Budget, PATTERN_STEPS } from '../../src/normalize/pattern-budget.js';
import { checkPattern, usablePattern } from '../../src/normalize/schema-pattern.js';

describe('usablePattern', () => {
  const cases: { name: string; given: string; want: string | undefined }[] = [
    { name: 'valid under u: unchanged', given: '^[a-z]+\\d{2}\\.[\\-]?$', want: '^[a-z]+\\d{2}\\.[\\-]?$' },
    { name: 'needless escapes outside a class', given: '^\\@\\:\\_\\ \\#$', want: '^@:_ #$' },
    { name: 'needless escapes inside a class; \\- keeps its backslash there', given: '^[\\w\\-\\:\\.]+$', want: '^[\\w\\-:\\.]+$' },
    { name: '\\- outside a class loses it', given: '^a\\-\\_b$', want: '^a-_b$' },
    { name: 'an escaped backslash is not an escape of what follows', given: '^\\\\\\:$', want: '^\\\\:$' },
    { name: 'inline flags cannot be repaired', given: '(?i)abc', want: undefined },
    { name: 'unbalanced bracket', given: '[', want: undefined },
    { name: 'unknown letter escape is not guessed at', given: '\\Aabc\\Z', want: undefined },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(usablePattern(given)).toBe(want);
    if (want !== undefined) expect(() => new RegExp(want, 'u')).not.toThrow();
  });
});

describe('checkPattern on a pattern too big to analyse', () => {
  // ^(a|b)?…$ with 6,000 groups took the analyses 45 s and 3.2 GB; a few more ran out of memory.
  it('refuses over 200 repeats and alternatives without analysing them', () => {
    const start = performance.now();
    expect(checkPattern(`^${'(a|b)?'.repeat(6000)}$`)).toEqual({
      problem: 'can take too long to match (over 200 repeats and alternatives, too many to check: one argument could stall the server); ignored',
    });
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('still analyses a pattern with as many as real specs have', () => {
    const msgraphDateTime = '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$';
    expect(checkPattern(msgraphDateTime)).toEqual({ pattern: msgraphDateTime });
    expect(checkPattern(`^${'(a|b)?'.repeat(100)}$`)).not.toHaveProperty('pattern');
  });
});

describe('checkPattern within its step budget', () => {
  const overBudget = { problem: 'can take too long to match (too complex to check in 500,000 steps: one argument could stall the server); ignored' };
  // Each took 0.3-1.1 s to analyse (Node 22) and 3-4 million steps, under the 200 repeats and alternatives.
  const costly = [
    `^${'(a|b)?'.repeat(50)}$`, // 300 characters
    `${'a*'.repeat(199)}`,
    `^(${'(a|b)?'.repeat(66)}x)+$`, // spent in the exponential check
    `^${'\\w*'.repeat(40)}x`,
  ];
  it.each(costly)('drops %s once it has spent the budget', (pattern) => {
    const budget = new Budget();
    expect(checkPattern(pattern, undefined, budget)).toEqual(overBudget);
    expect(budget.steps).toBeGreaterThan(PATTERN_STEPS);
    expect(budget.steps).toBeLessThan(PATTERN_STEPS + 1_000); // it stopped there
  });

  // the well-known IPv6 pattern: 8 alternatives of bounded repeats, about 310,000 steps; readme.com's version paths 33,000
  const ipv6 =
    '^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))$';
  const readmeVersions = '\\/(versions|branches)\\/((v{0,1})(stable|([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?(-.*)?)(_(.*))?)\\/categories\\/(guides|reference)\\/((.*))';
  it.each([ipv6, readmeVersions])('keeps a complex real-world pattern within it: %s', (pattern) => {
    const budget = new Budget();
    const checked = checkPattern(pattern, 100, budget);
    expect(checked).toEqual({ pattern });
    expect(budget.steps).toBeGreaterThan(10_000);
    expect(budget.steps).toBeLessThan(PATTERN_STEPS);
  });

  it('counts the same steps when the verdict is known from before (they depend on the pattern alone)', () => {
    const pattern = `^${'(a|b)?'.repeat(20)}$`;
    const first = new Budget();
    const second = new Budget();
    const verdict = checkPattern(pattern, undefined, first);
    expect(checkPattern(pattern, undefined, second)).toEqual(verdict);
    expect(second.steps).toBe(first.steps);
    expect(first.steps).toBeGreaterThan(0);
  });
});
