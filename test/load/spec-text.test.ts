import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/load/parse-document.js';
import { parseSpecBytes } from '../../src/load/spec-text.js';

/** What loading did before parseSpecBytes: decode as UTF-8, then parse (or its error message). */
function plain(bytes: Buffer): unknown {
  try {
    return { document: parseDocument(bytes.toString('utf8'), 'x.json') };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function fast(bytes: Buffer): unknown {
  try {
    return { document: parseSpecBytes(bytes, 'x.json').document };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('parseSpecBytes', () => {
  const cases: { name: string; given: Buffer }[] = [
    { name: 'ASCII JSON', given: utf8('{"a": [1, "x", {"b": null}]}') },
    { name: 'non-ASCII in strings and keys', given: utf8('{"café": "naïve – “quoted” 😀 中文 \u2028 end", "k": ["é"]}') },
    { name: 'a BOM before JSON', given: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a": "é"}')]) },
    { name: 'invalid UTF-8 inside a string', given: Buffer.concat([utf8('{"a": "x'), Buffer.from([0xe2, 0x28, 0xa1, 0xff]), utf8('y"}')]) },
    { name: 'a truncated sequence before ASCII', given: Buffer.concat([utf8('{"a": "'), Buffer.from([0xe2, 0x82]), utf8('b"}')]) },
    { name: 'an even run of backslashes before non-ASCII', given: utf8('{"a": "\\\\é"}') },
    { name: 'a backslash escaping a non-ASCII character (invalid)', given: utf8('{"a": "\\é"}') },
    { name: 'non-ASCII outside a string (invalid)', given: utf8('{"a": é}') },
    { name: 'a non-ASCII space before the brace (invalid JSON)', given: utf8('\u00a0{"a": 1}') },
    { name: 'YAML with non-ASCII', given: utf8('a: café\nb: [é, 1]\n') },
    { name: 'a run across the 4 KiB chunk boundary', given: utf8(`{"a": "${'x'.repeat(4088)}😀😀é", "b": "${'y'.repeat(5000)}ü"}`) },
    { name: 'an escape just before a run', given: utf8('{"a": "\\u00e9é\\"é"}') },
  ];
  it.each(cases)('$name: what decoding then parsing gives', ({ given }) => {
    expect(fast(given)).toEqual(plain(given));
  });

  it('hands back an ASCII text for JSON with non-ASCII strings', () => {
    const { text } = parseSpecBytes(utf8('{"a": "é😀"}'), 'x.json');
    expect(text).toBe('{"a": "\\u00e9\\ud83d\\ude00"}');
  });

  it('hands back the decoded text for YAML', () => {
    expect(parseSpecBytes(utf8('a: é\n'), 'x.yaml').text).toBe('a: é\n');
  });
});
