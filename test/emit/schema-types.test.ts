import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { docComment, propertyKey, schemaToType, TypeMemo, type TypeContext } from '../../src/emit/schema-types.js';

const ctx: TypeContext = { ref: (key) => (key === 'missing' ? undefined : `S.${key}`) };

describe('schemaToType', () => {
  const cases: { name: string; given: JsonSchema; want: string }[] = [
    { name: 'true', given: true, want: 'unknown' },
    { name: 'false', given: false, want: 'never' },
    { name: 'empty schema', given: {}, want: 'unknown' },
    { name: 'string', given: { type: 'string', format: 'date-time' }, want: 'string' },
    { name: 'integer', given: { type: 'integer', minimum: 0 }, want: 'number' },
    { name: 'type list', given: { type: ['string', 'null'] }, want: 'string | null' },
    { name: 'enum', given: { enum: ['open', 'closed', null, 3] }, want: '"open" | "closed" | null | 3' },
    { name: 'enum with escapes', given: { enum: ['a"b', 'c\nd', '*/'] }, want: '"a\\"b" | "c\\nd" | "*/"' },
    { name: 'empty enum', given: { enum: [] }, want: 'never' },
    { name: 'const object', given: { const: { a: [1, 'x'] } }, want: '{"a":[1,"x"]}' },
    { name: 'array', given: { type: 'array', items: { type: 'string' } }, want: 'string[]' },
    { name: 'array of a union', given: { type: 'array', items: { type: ['string', 'number'] } }, want: '(string | number)[]' },
    { name: 'array without items', given: { type: 'array' }, want: 'unknown[]' },
    { name: 'tuple', given: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, items: false }, want: '[string, number?]' },
    { name: 'optional union element', given: { type: 'array', prefixItems: [{ type: 'null' }, { enum: ['a', 'b'] }] }, want: '[null?, ("a" | "b")?, ...unknown[]]' },
    { name: 'open tuple', given: { type: 'array', prefixItems: [{ type: 'string' }], minItems: 1 }, want: '[string, ...unknown[]]' },
    { name: 'ref', given: { $ref: '#/$defs/Pet' }, want: 'S.Pet' },
    { name: 'dangling ref', given: { $ref: '#/$defs/missing' }, want: 'unknown' },
    { name: 'foreign ref', given: { $ref: 'http://x/y.json' }, want: 'unknown' },
    { name: 'anyOf', given: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/Pet' }] }, want: 'string | S.Pet' },
    { name: 'oneOf with unknown member', given: { oneOf: [{ type: 'string' }, {}] }, want: 'unknown' },
    { name: 'allOf', given: { allOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] }, want: 'S.A & S.B' },
    { name: 'allOf with a union member', given: { allOf: [{ $ref: '#/$defs/A' }, { anyOf: [{ $ref: '#/$defs/B' }, { $ref: '#/$defs/C' }] }] }, want: 'S.A & (S.B | S.C)' },
    { name: 'union of intersections', given: { anyOf: [{ allOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] }, { type: 'null' }] }, want: '(S.A & S.B) | null' },
    { name: 'duplicates removed', given: { anyOf: [{ type: 'string' }, { type: 'string' }] }, want: 'string' },
    {
      name: 'object: required, optional, quoted names, docs',
      given: {
        type: 'object',
        properties: {
          id: { type: 'integer', description: 'The id.' },
          'X-Trace-Id': { type: 'string' },
          __proto__x: { type: 'boolean', deprecated: true },
        },
        required: ['id'],
      },
      want: '{\n  /** The id. */\n  id: number;\n  "X-Trace-Id"?: string;\n  /** @deprecated */\n  __proto__x?: boolean;\n}',
    },
    { name: 'object without properties is open', given: { type: 'object' }, want: '{\n  [key: string]: unknown;\n}' },
    { name: 'object with no properties allowed', given: { type: 'object', additionalProperties: false }, want: '{\n  [key: string]: never;\n}' },
    { name: 'map', given: { type: 'object', additionalProperties: { type: 'integer' } }, want: '{\n  [key: string]: number;\n}' },
    { name: 'pattern properties', given: { type: 'object', patternProperties: { '^x-': { type: 'string' } } }, want: '{\n  [key: string]: string;\n}' },
    {
      name: 'members plus additionalProperties: the index stays unknown',
      given: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } },
      want: '{\n  a?: string;\n  [key: string]: unknown;\n}',
    },
    {
      name: 'nested objects indent',
      given: { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'array', items: { type: 'object', properties: { c: { type: 'null' } } } } } } } },
      want: '{\n  a?: {\n    b?: {\n      c?: null;\n    }[];\n  };\n}',
    },
    { name: 'untyped properties mean object', given: { properties: { a: { type: 'string' } }, required: ['a'] }, want: '{\n  a: string;\n}' },
    { name: 'nullable object', given: { type: ['object', 'null'], properties: { a: { type: 'string' } } }, want: '{\n  a?: string;\n} | null' },
    { name: 'ref with a sibling type', given: { $ref: '#/$defs/A', type: 'object', properties: { b: { type: 'string' } } }, want: 'S.A & {\n  b?: string;\n}' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(schemaToType(given, ctx)).toBe(want));

  it('a __proto__ property (an own key) is kept', () => {
    const properties: Record<string, unknown> = {};
    Object.defineProperty(properties, '__proto__', { value: { type: 'string' }, enumerable: true });
    expect(schemaToType({ type: 'object', properties }, ctx)).toBe('{\n  __proto__?: string;\n}');
  });

  it('reports eager references and breaks the ones asked for', () => {
    const seen: string[] = [];
    const schema: JsonSchema = { allOf: [{ $ref: '#/$defs/A' }, { type: 'object', properties: { b: { $ref: '#/$defs/B' } } }], anyOf: [{ $ref: '#/$defs/C' }] };
    expect(schemaToType(schema, { ...ctx, onEagerRef: (k) => seen.push(k), breakRefs: new Set(['C']) })).toBe('S.A & {\n  b?: S.B;\n}');
    expect(seen).toEqual(['A']);
  });
});

describe('TypeMemo', () => {
  // One sub-schema object shared by two parents, as the map stage shares them between tools.
  const shared: JsonSchema = { type: 'object', properties: { pet: { $ref: '#/$defs/Pet' }, tags: { type: 'array', items: { $ref: '#/$defs/Tag' } } } };
  const parent: JsonSchema = { type: 'object', properties: { a: shared, b: { anyOf: [shared, { type: 'null' }] } } };

  it('prints exactly what printing without it prints', () => {
    const memo = new TypeMemo();
    expect(schemaToType(parent, { ...ctx, memo })).toBe(schemaToType(parent, ctx));
    expect(schemaToType(parent, { ...ctx, memo })).toBe(schemaToType(parent, ctx));
  });

  it('reuses a print only where every reference resolves to the same name', () => {
    const memo = new TypeMemo();
    const first = schemaToType(shared, { ref: (key) => `S.${key}`, memo });
    const renamed = schemaToType(shared, { ref: (key) => (key === 'Tag' ? 'S.Tag2' : `S.${key}`), memo });
    expect(first).toContain('S.Tag[]');
    expect(renamed).toContain('S.Tag2[]');
    expect(renamed).toBe(schemaToType(shared, { ref: (key) => (key === 'Tag' ? 'S.Tag2' : `S.${key}`) }));
  });

  it('reports eager references again when it reuses a print', () => {
    const memo = new TypeMemo();
    const composed: JsonSchema = { allOf: [{ $ref: '#/$defs/A' }, { type: 'object', properties: { b: { $ref: '#/$defs/B' } } }] };
    const seen: string[][] = [[], []];
    for (const list of seen) schemaToType(composed, { ...ctx, memo, onEagerRef: (key) => list.push(key) });
    expect(seen).toEqual([['A'], ['A']]);
  });

  it('a reused print still tells an enclosing print which references it made', () => {
    const memo = new TypeMemo();
    schemaToType(shared, { ...ctx, memo }); // remembered on its own first
    const lookups: string[] = [];
    const text = schemaToType(parent, { ref: (key) => (lookups.push(key), `S.${key}`), memo });
    expect(lookups).toEqual(expect.arrayContaining(['Pet', 'Tag']));
    // The parent's own entry must carry the shared part's references: with Tag renamed it is not reused.
    const renamed = schemaToType(parent, { ref: (key) => (key === 'Tag' ? 'S.Tag2' : `S.${key}`), memo });
    expect(renamed).toBe(text.replaceAll('S.Tag[]', 'S.Tag2[]'));
  });
});

describe('docComment', () => {
  const cases: { name: string; given: string[]; want: string }[] = [
    { name: 'one line', given: ['Hello.'], want: '/** Hello. */\n' },
    { name: 'empty', given: [' \n '], want: '' },
    { name: 'several lines', given: ['a\r\n\r\nb', '@deprecated'], want: '/**\n * a\n *\n * b\n * @deprecated\n */\n' },
    { name: 'cannot close the comment', given: ['x */ alert(1) /*'], want: '/** x *\\/ alert(1) /* */\n' },
    { name: 'control and line separator characters', given: ['a\u2028b\u0000c\u202ed'], want: '/** a b c d */\n' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(docComment(given, '')).toBe(want));

  // A second, empty paragraph always takes the general path and changes nothing: so the single-
  // paragraph fast path must give the same text.
  const samples = ['Hello.', '  padded  ', '   ', '', 'tab\there', 'a * b / c', 'x */ y', 'a\u00a0b\u3000', 'line\nbreak', 'ünïcödé 🚀', '\u200bzero width'];
  for (const sample of samples) {
    it(`one paragraph as the general path: ${JSON.stringify(sample)}`, () => {
      expect(docComment([sample], '    ')).toBe(docComment([sample, ''], '    '));
    });
  }
});

describe('propertyKey', () => {
  const cases: { given: string; want: string }[] = [
    { given: 'id', want: 'id' },
    { given: '$ref', want: '$ref' },
    { given: 'x-y', want: '"x-y"' },
    { given: '2fa', want: '"2fa"' },
    { given: '', want: '""' },
    { given: 'a"b\n', want: '"a\\"b\\n"' },
  ];
  for (const { given, want } of cases) it(JSON.stringify(given), () => expect(propertyKey(given)).toBe(want));
});
