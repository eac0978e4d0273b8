import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/load/decode-utf8.js';

describe('decodeUtf8', () => {
  const cases: Array<[string, Buffer]> = [
    ['ASCII', Buffer.from('{"openapi":"3.1.0"}')],
    ['multi-byte text', Buffer.from('{"title":"Grüße — 日本語 🚀"}')],
    ['a byte order mark', Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])],
    ['invalid sequences', Buffer.from([0x7b, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0x7d])],
    ['a truncated sequence at the end', Buffer.from([0x61, 0xf0, 0x9f, 0x9a])],
    ['empty input', Buffer.alloc(0)],
  ];

  it.each(cases)('decodes %s exactly as Buffer#toString', (_, bytes) => {
    expect(decodeUtf8(bytes)).toBe(bytes.toString('utf8'));
  });

  it('keeps a byte order mark (parseDocument strips it)', () => {
    expect(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x61])).charCodeAt(0)).toBe(0xfeff);
  });
});
