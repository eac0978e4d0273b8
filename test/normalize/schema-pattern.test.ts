import { describe, expect, it } from 'vitest';
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
