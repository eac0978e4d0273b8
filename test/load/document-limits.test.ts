import { describe, expect, it } from 'vitest';
import { checkDocumentLimits, jsonDepth, MAX_DOCUMENT_DEPTH } from '../../src/load/document-limits.js';

describe('jsonDepth', () => {
  const cases: Array<{ name: string; given: string; want: number }> = [
    { name: 'a flat object', given: '{"a":1}', want: 1 },
    { name: 'nested objects and arrays', given: '{"a":[{"b":[]}],"c":{}}', want: 4 },
    { name: 'brackets inside strings do not count', given: '{"a":"{[{[","b":"]]"}', want: 1 },
    { name: 'an escaped quote does not end the string', given: '{"a":"x\\"{[{","b":{}}', want: 2 },
    { name: 'an escaped backslash before the closing quote does', given: '{"a":"x\\\\","b":{"c":[]}}', want: 3 },
    { name: 'whitespace and a BOM between tokens', given: '\ufeff{\n  "a": [ [ 1 ] ]\n}', want: 3 },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(jsonDepth(given)).toBe(want));
});

describe('checkDocumentLimits on a JSON text', () => {
  const nested = (depth: number): string => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
  it('passes a document exactly at the depth limit', () => {
    const text = nested(MAX_DOCUMENT_DEPTH);
    expect(() => checkDocumentLimits(JSON.parse(text), 'x.json', { json: text })).not.toThrow();
  });
  it('refuses one level deeper, naming where (the same message as without the text)', () => {
    const text = nested(MAX_DOCUMENT_DEPTH + 1);
    const document: unknown = JSON.parse(text);
    const withText = (): void => checkDocumentLimits(document, 'x.json', { json: text });
    const without = (): void => checkDocumentLimits(document, 'x.json');
    expect(withText).toThrow(/^x\.json#\/a\/a\/a.*: nested more than 200 levels deep; a spec this deep is refused$/);
    let message = '';
    try { without(); } catch (error) { message = (error as Error).message; }
    expect(withText).toThrow(message);
  });
});
