import { describe, expect, it } from 'vitest';
import { convertSchema } from '../../src/normalize/schema.js';
import { AT, expectCompiles, runConvertCase, stubContext, warning, type ConvertCase } from './schema-test-kit.js';

const P = AT.pointer;

describe('convertSchema: every subschema location is converted', () => {
  const n = { type: 'string', nullable: true };
  const N = { type: ['string', 'null'] };
  const cases: ConvertCase[] = [
    {
      name: 'all applicator keywords',
      given: {
        properties: { a: n },
        patternProperties: { '^x': n },
        additionalProperties: n,
        items: n,
        prefixItems: [n],
        allOf: [n],
        anyOf: [n],
        oneOf: [n],
        not: n,
        if: n,
        then: n,
        else: n,
        dependentSchemas: { a: n },
        contains: n,
        propertyNames: n,
        unevaluatedProperties: n,
        unevaluatedItems: n,
        contentSchema: n,
      },
      want: {
        properties: { a: N },
        patternProperties: { '^x': N },
        additionalProperties: N,
        items: N,
        prefixItems: [N],
        allOf: [N],
        anyOf: [N],
        oneOf: [N],
        not: N,
        if: N,
        then: N,
        else: N,
        dependentSchemas: { a: N },
        contains: N,
        propertyNames: N,
        unevaluatedProperties: N,
        unevaluatedItems: N,
        contentSchema: N,
      },
    },
    { name: 'boolean subschemas are kept', given: { additionalProperties: false, items: true }, want: { additionalProperties: false, items: true } },
    {
      name: 'draft-4 tuple items → prefixItems, additionalItems → items',
      given: { type: 'array', items: [{ type: 'string' }, n], additionalItems: false },
      want: { type: 'array', prefixItems: [{ type: 'string' }, N], items: false },
    },
    { name: 'additionalItems without a tuple goes', given: { type: 'array', items: n, additionalItems: false }, want: { type: 'array', items: N } },
    {
      name: 'dependencies split into dependentRequired and dependentSchemas',
      given: { dependencies: { a: ['b', 'b'], c: { required: ['d'] } }, dependentRequired: { e: ['f'] } },
      want: { dependentRequired: { a: ['b'], e: ['f'] }, dependentSchemas: { c: { required: ['d'] } } },
    },
    {
      name: 'a property named __proto__ stays an own property',
      given: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
      want: { type: 'object', properties: JSON.parse('{"__proto__":{"type":"string"}}') },
    },
    {
      name: 'a properties map given as $ref is resolved (entries written beside it win)',
      given: { type: 'object', properties: { $ref: '#/maps/ids', name: { type: 'string' } } },
      want: { type: 'object', properties: { droplet_ids: { type: 'array', items: { type: 'integer' }, examples: [[1, 2]] }, name: { type: 'string' } } },
    },
    {
      name: 'a properties map $ref to a non-object',
      given: { type: 'object', properties: { $ref: '#/maps/notAMap' } },
      want: { type: 'object', properties: {} },
      diagnostics: [warning('schema-invalid', '$ref "#/maps/notAMap" must point at an object of schemas, not a string; ignored', `${P}/properties`)],
    },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: invalid input never throws', () => {
  const cases: ConvertCase[] = [
    { name: 'a string where a schema belongs', given: 'string', want: {}, diagnostics: [warning('schema-invalid', 'Expected a schema object, not a string; using an empty schema', P)] },
    { name: 'an array where a schema belongs', given: [{ type: 'string' }], want: {}, diagnostics: [warning('schema-invalid', 'Expected a schema object, not an array; using an empty schema', P)] },
    {
      name: 'a number as a property schema',
      given: { type: 'object', properties: { a: 42 } },
      want: { type: 'object', properties: { a: {} } },
      diagnostics: [warning('schema-invalid', 'Expected a schema object, not 42; using an empty schema', `${P}/properties/a`)],
    },
    {
      name: 'required: true on a property',
      given: { type: 'object', properties: { a: { type: 'string', required: true } } },
      want: { type: 'object', properties: { a: { type: 'string' } } },
      diagnostics: [warning('schema-invalid', '"required" must list property names in the parent object schema, not be a boolean; ignored', `${P}/properties/a/required`)],
    },
    { name: 'required: false says nothing', given: { type: 'string', required: false }, want: { type: 'string' } },
    { name: 'required names: duplicates go, unknown names are fine', given: { required: ['a', 'a', 'zzz'] }, want: { required: ['a', 'zzz'] } },
    {
      name: 'required with non-strings',
      given: { required: ['a', 1] },
      want: { required: ['a'] },
      diagnostics: [warning('schema-invalid', '"required" must contain only strings; the others are ignored', `${P}/required`)],
    },
    {
      name: 'unknown type',
      given: { type: 'any', description: 'd' },
      want: { description: 'd' },
      diagnostics: [warning('schema-invalid', '"type" "any" is not a JSON Schema type; ignored', `${P}/type`)],
    },
    {
      name: 'type list with one unknown entry and a duplicate',
      version: '3.1',
      given: { type: ['string', 'point', 'string'] },
      want: { type: ['string'] },
      diagnostics: [warning('schema-invalid', '"type" "point" is not a JSON Schema type; ignored', `${P}/type`)],
    },
    {
      name: 'enum that is not an array',
      given: { type: 'string', enum: 'a' },
      want: { type: 'string' },
      diagnostics: [warning('schema-invalid', '"enum" must be an array, not a string; ignored', `${P}/enum`)],
    },
    {
      name: 'empty enum',
      given: { type: 'string', enum: [] },
      want: { type: 'string' },
      diagnostics: [warning('schema-invalid', '"enum" is empty, so no value could match; ignored', `${P}/enum`)],
    },
    {
      name: 'numbers of the wrong kind',
      given: { minLength: '1', maxItems: -1, multipleOf: 0, minimum: 'zero', uniqueItems: 'yes' },
      want: {},
      diagnostics: [
        warning('schema-invalid', '"minLength" must be a non-negative integer, not a string; ignored', `${P}/minLength`),
        warning('schema-invalid', '"maxItems" must be a non-negative integer, not -1; ignored', `${P}/maxItems`),
        warning('schema-invalid', '"multipleOf" must be a number greater than 0, not 0; ignored', `${P}/multipleOf`),
        warning('schema-invalid', '"minimum" must be a number, not a string; ignored', `${P}/minimum`),
        warning('schema-invalid', '"uniqueItems" must be a boolean, not a string; ignored', `${P}/uniqueItems`),
      ],
    },
    {
      name: 'description of the wrong type; empty description silently',
      given: { description: 5, title: null },
      want: {},
      diagnostics: [warning('schema-invalid', '"description" must be a string, not 5; ignored', `${P}/description`)],
    },
    {
      name: 'needless escapes in a pattern are repaired (the u flag rejects them)',
      given: { type: 'string', pattern: '^[a-zA-Z0-9_\\-\\:]+\\@x$' },
      want: { type: 'string', pattern: '^[a-zA-Z0-9_\\-:]+@x$' },
    },
    {
      name: 'a broken pattern is dropped',
      given: { type: 'string', pattern: '(?i)^abc' },
      want: { type: 'string' },
      diagnostics: [warning('schema-invalid', '"pattern" "(?i)^abc" is not a valid ECMAScript (unicode) regular expression; ignored', `${P}/pattern`)],
    },
    {
      name: 'a pattern that can backtrack exponentially is dropped (the generated server would hang on one argument)',
      given: { type: 'string', pattern: '^(a+)+$', patternProperties: { '^(\\w+\\s?)*$': { type: 'string' }, '^x(-[a-z]+)*$': { type: 'integer' } } },
      want: { type: 'string', patternProperties: { '^x(-[a-z]+)*$': { type: 'integer' } } },
      diagnostics: [
        warning('schema-invalid', '"pattern" "^(a+)+$" can take exponential time to match (a repeated group with a repeat inside: one argument could hang the server); ignored', `${P}/pattern`),
        warning('schema-invalid', 'Pattern "^(\\\\w+\\\\s?)*$" can take exponential time to match (a repeated group with a repeat inside: one argument could hang the server); ignored', `${P}/patternProperties/^(\\w+\\s?)*$`),
      ],
    },
    {
      name: 'a pattern that takes polynomial time is dropped unless maxLength keeps the argument short',
      given: { type: 'object', properties: { long: { type: 'string', pattern: '^\\d+\\d+\\d+x' }, short: { type: 'string', maxLength: 800, pattern: '^\\d+\\d+\\d+x' } }, patternProperties: { '\\w+\\d+$': { type: 'string' } } },
      want: { type: 'object', properties: { long: { type: 'string' }, short: { type: 'string', maxLength: 800, pattern: '^\\d+\\d+\\d+x' } }, patternProperties: {} },
      diagnostics: [
        warning('schema-invalid', '"pattern" "^\\\\d+\\\\d+\\\\d+x" can take too long to match (3 repeats in a row that can read the same characters: about 167 s on 10000 characters: one argument could stall the server); ignored', `${P}/properties/long/pattern`),
        warning('schema-invalid', 'Pattern "\\\\w+\\\\d+$" can take too long to match (3 repeats in a row that can read the same characters, counting the search from each start (no ^): about 167 s on 10000 characters: one argument could stall the server); ignored', `${P}/patternProperties/\\w+\\d+$`),
      ],
    },
    {
      name: 'patternProperties with a broken and a repairable key',
      given: { patternProperties: { '[': { type: 'string' }, '^\\_x': { type: 'integer' } } },
      want: { patternProperties: { '^_x': { type: 'integer' } } },
      diagnostics: [warning('schema-invalid', 'Pattern "[" is not a valid ECMAScript (unicode) regular expression; ignored', `${P}/patternProperties/[`)],
    },
    {
      name: 'empty allOf and non-array oneOf',
      given: { allOf: [], oneOf: { type: 'string' } },
      want: {},
      diagnostics: [
        warning('schema-invalid', '"allOf" must not be empty; ignored', `${P}/allOf`),
        warning('schema-invalid', '"oneOf" must be an array of schemas, not an object; ignored', `${P}/oneOf`),
      ],
    },
    {
      name: 'properties that is not an object',
      given: { type: 'object', properties: ['a'] },
      want: { type: 'object' },
      diagnostics: [warning('schema-invalid', '"properties" must be an object of schemas, not an array; ignored', `${P}/properties`)],
    },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: purity', () => {
  it('returns new objects: mutating the output leaves the input alone', () => {
    const given = { type: 'string', enum: ['a'], default: { x: 1 }, nullable: true, properties: { p: { type: 'integer' } } };
    const before = structuredClone(given);
    const out = convertSchema(given, stubContext('3.0'), AT) as Record<string, any>;
    out.enum.push('b');
    out.default.x = 2;
    out.properties.p.type = 'string';
    expect(given).toEqual(before);
  });

  it('the Ajv check used by these tables rejects what Ajv rejects', () => {
    expect(() => expectCompiles({ required: ['a', 'a'] })).toThrow();
    expect(() => expectCompiles({ pattern: '\\:' })).toThrow();
    expect(() => expectCompiles({ items: [{ type: 'string' }] })).toThrow();
  });

  it('a boolean schema stays a boolean', () => {
    expect(convertSchema(false, stubContext('3.1'), AT)).toBe(false);
    expectCompiles(false);
  });
});
