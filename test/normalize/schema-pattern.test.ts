import { describe, expect, it } from 'vitest';
import { usablePattern } from '../../src/normalize/schema-pattern.js';

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
