import { describe, expect, it } from 'vitest';
import { printable } from '../../src/cli/printable.js';

describe('printable', () => {
  const cases: { name: string; given: string; want: string }[] = [
    { name: 'plain text unchanged, accents and emoji too', given: 'GET /pets/{id} café 😀', want: 'GET /pets/{id} café 😀' },
    { name: 'terminal escapes and controls', given: 'a\u001b[2Jb\u0007\r\n\u009b', want: 'a\\u001b[2Jb\\u0007\\u000d\\u000a\\u009b' },
    { name: 'bidi overrides and isolates', given: 'bad\u202ename\u2066x\u2069', want: 'bad\\u202ename\\u2066x\\u2069' },
    { name: 'zero-width characters, soft hyphen, BOM', given: 'a\u200bb\u00adc\ufeffd\u180ee', want: 'a\\u200bb\\u00adc\\ufeffd\\u180ee' },
    { name: 'Unicode tag characters (hidden ASCII)', given: '/p\u{e0049}\u{e0047}x', want: '/p\\u{e0049}\\u{e0047}x' },
    { name: 'line and paragraph separators, interlinear annotation', given: 'a\u2028b\u2029c\ufff9d', want: 'a\\u2028b\\u2029c\\ufff9d' },
    { name: 'invisible variation selectors beyond the BMP; emoji presentation stays', given: 'a\u{e0100}b\u2764\ufe0f', want: 'a\\u{e0100}b\u2764\ufe0f' },
  ];
  it.each(cases)('$name', ({ given, want }) => expect(printable(given)).toBe(want));
});
