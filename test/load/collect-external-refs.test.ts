import { describe, expect, it } from 'vitest';
import { collectExternalRefs, mayHaveExternalRefs } from '../../src/load/collect-external-refs.js';

describe('mayHaveExternalRefs', () => {
  it.each([
    { name: 'no refs', given: '{"openapi": "3.0.0"}', want: false },
    { name: 'JSON local ref', given: '{"$ref": "#/components/schemas/A"}', want: false },
    { name: 'JSON local refs, spaced', given: '{ "$ref" : "#/a" }\n{"$ref":"#/b"}', want: false },
    { name: 'JSON external ref', given: '{"$ref": "#/a"}, {"$ref": "other.json#/b"}', want: true },
    { name: 'JSON URL ref', given: '{"$ref": "https://example.com/a.json"}', want: true },
    { name: 'YAML local refs, all quotings', given: "$ref: '#/a'\n$ref: \"#/b\"\n$ref: '#/c'\n'$ref': '#/d'", want: false },
    { name: 'YAML plain external ref', given: 'a:\n  $ref: other.yaml\n', want: true },
    { name: 'YAML value on the next line', given: 'a:\n  $ref:\n    "#/b"\n', want: true },
    { name: '$ref inside prose', given: '{"description": "use $ref to point at other.yaml"}', want: false },
    { name: 'escaped $ref inside a string', given: '{"description": "{\\"$ref\\": \\"x.json\\"}"}', want: false },
  ])('$name', ({ given, want }) => {
    expect(mayHaveExternalRefs(given)).toBe(want);
  });
});

describe('collectExternalRefs', () => {
  it.each([
    { name: 'scalar document', given: 'text', want: [] },
    { name: 'local refs only', given: { a: { $ref: '#/b' }, b: {} }, want: [] },
    {
      name: 'external refs in document order, pointers escaped',
      given: {
        paths: { '/pets/{id}': { $ref: 'paths/pet.yaml' } },
        components: { schemas: { A: { $ref: 'a.yaml#/A' }, B: { allOf: [{ $ref: '#/x' }, { $ref: 'b~c.json' }] } } },
      },
      want: [
        { pointer: '/paths/~1pets~1{id}', ref: 'paths/pet.yaml' },
        { pointer: '/components/schemas/A', ref: 'a.yaml#/A' },
        { pointer: '/components/schemas/B/allOf/1', ref: 'b~c.json' },
      ],
    },
    {
      name: 'siblings of a $ref are walked too',
      given: { $ref: 'a.yaml', properties: { x: { $ref: 'b.yaml' } } },
      want: [
        { pointer: '', ref: 'a.yaml' },
        { pointer: '/properties/x', ref: 'b.yaml' },
      ],
    },
    {
      name: 'a $ref that is a whole literal value is followed, one nested inside is not',
      given: {
        example: { $ref: 'examples.yaml#/pet' },
        default: { nested: { $ref: 'no.yaml' } },
        enum: [{ $ref: 'no.yaml' }],
        const: { $ref: 'const.yaml' },
        examples: [{ $ref: 'no.yaml' }],
      },
      want: [
        { pointer: '/example', ref: 'examples.yaml#/pet' },
        { pointer: '/const', ref: 'const.yaml' },
      ],
    },
    {
      name: 'Example Object values are data',
      given: { examples: { first: { value: { schema: { $ref: 'no.yaml' } } }, second: { $ref: 'ex.yaml' } } },
      want: [{ pointer: '/examples/second', ref: 'ex.yaml' }],
    },
    {
      name: 'names in name maps are not literal keys',
      given: {
        properties: { default: { $ref: 'p.yaml' }, example: { properties: { x: { $ref: 'q.yaml' } } } },
        responses: { default: { $ref: 'r.yaml' } },
      },
      want: [
        { pointer: '/properties/default', ref: 'p.yaml' },
        { pointer: '/properties/example/properties/x', ref: 'q.yaml' },
        { pointer: '/responses/default', ref: 'r.yaml' },
      ],
    },
    { name: 'a property named $ref is not a ref', given: { properties: { $ref: { type: 'string' } } }, want: [] },
  ])('$name', ({ given, want }) => {
    expect(collectExternalRefs(given)).toEqual(want);
  });

  it('visits a shared node once and survives cycles (YAML aliases make both)', () => {
    const shared: Record<string, unknown> = { $ref: 'shared.yaml' };
    const cyclic: Record<string, unknown> = { items: [] };
    (cyclic.items as unknown[]).push(cyclic);
    expect(collectExternalRefs({ a: shared, b: shared, c: cyclic })).toEqual([{ pointer: '/a', ref: 'shared.yaml' }]);
  });

  it('walks deep documents without recursion', () => {
    let deep: Record<string, unknown> = { $ref: 'bottom.yaml' };
    for (let i = 0; i < 50_000; i++) deep = { items: deep };
    expect(collectExternalRefs(deep)).toEqual([{ pointer: '/items'.repeat(50_000), ref: 'bottom.yaml' }]);
  });
});
