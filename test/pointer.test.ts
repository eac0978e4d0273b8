import { describe, expect, it } from 'vitest';
import { childPointer, toPointer } from '../src/diagnostics.js';

describe('toPointer (RFC 6901)', () => {
  const cases: Array<{ name: string; given: (string | number)[]; want: string }> = [
    { name: 'no segments: the whole document', given: [], want: '' },
    { name: 'plain segments and indexes', given: ['paths', 0, 'get'], want: '/paths/0/get' },
    { name: '/ becomes ~1 and ~ becomes ~0, ~ first', given: ['/repos/{owner}', 'a~b', '~/'], want: '/~1repos~1{owner}/a~0b/~0~1' },
    { name: 'an empty segment', given: ['', 'x'], want: '//x' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(toPointer(given)).toBe(want));
  it('childPointer appends', () => expect(childPointer('/paths', '/a/b', 'get')).toBe('/paths/~1a~1b/get'));
});
