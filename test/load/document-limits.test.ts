import { describe, expect, it } from 'vitest';
import { checkDocumentLimits, MAX_DOCUMENT_DEPTH, treeDepthAtMost } from '../../src/load/document-limits.js';
import { parseDocument } from '../../src/load/parse-document.js';

const parse = (text: string): unknown => parseDocument(text, 'x.yaml');

describe('treeDepthAtMost', () => {
  const cases: Array<{ name: string; given: string; depth: number }> = [
    { name: 'a flat object', given: '{"a":1}', depth: 1 },
    { name: 'nested objects and arrays', given: '{"a":[{"b":[]}],"c":{}}', depth: 4 },
    { name: 'brackets inside strings do not count', given: '{"a":"{[{[","b":"]]"}', depth: 1 },
    { name: 'the deepest branch counts, wherever it is', given: '{"a":{},"b":[1,[2,{"c":[[]]}]],"d":null}', depth: 6 },
    { name: 'a key named __proto__ is an ordinary key', given: '{"__proto__":{"a":{}}}', depth: 3 },
  ];
  for (const { name, given, depth } of cases) {
    it(name, () => {
      const tree = JSON.parse(given) as object;
      expect(treeDepthAtMost(tree, depth)).toBe(true);
      expect(treeDepthAtMost(tree, depth - 1)).toBe(false);
    });
  }
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

describe('checkDocumentLimits on YAML with aliases', () => {
  it.each([
    { name: 'a schema that contains itself', given: 'schema: &s\n  type: object\n  properties:\n    self: *s\n', want: 'x.yaml#/schema/properties/self' },
    { name: 'an example array that contains itself', given: 'example: &e [1, *e]\n', want: 'x.yaml#/example/1' },
    { name: 'a cycle two levels down', given: 'a: &a\n  b:\n    c: *a\n', want: 'x.yaml#/a/b/c' },
  ])('refuses $name in one line, naming where', ({ given, want }) => {
    const document: unknown = parse(given);
    expect(() => checkDocumentLimits(document, 'x.yaml')).toThrow(
      `${want}: a YAML alias to a node that contains it (a cycle, which JSON cannot hold); refused: write a $ref for a recursive schema`,
    );
  });

  it('passes an alias used twice side by side (shared, not a cycle)', () => {
    expect(() => checkDocumentLimits(parse('a: &a { type: string }\nb: *a\nc: [*a, *a]\n'), 'x.yaml')).not.toThrow();
  });
});
