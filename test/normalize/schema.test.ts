import { describe, it } from 'vitest';
import { AT, runConvertCase, warning, type ConvertCase } from './schema-test-kit.js';

const P = AT.pointer;

describe('convertSchema: $ref', () => {
  const cases: ConvertCase[] = [
    { name: 'ref becomes #/$defs/<key>', given: { $ref: '#/components/schemas/Pet' }, want: { $ref: '#/$defs/Pet' } },
    {
      name: '3.0: siblings ignored except description',
      given: { $ref: '#/components/schemas/Pet', description: 'The pet', nullable: true, type: 'string', readOnly: true },
      want: { $ref: '#/$defs/Pet', description: 'The pet' },
    },
    {
      name: '2.0: siblings ignored except description',
      version: '2.0',
      given: { $ref: '#/components/schemas/Pet', description: 'The pet', 'x-nullable': true, example: 1 },
      want: { $ref: '#/$defs/Pet', description: 'The pet' },
    },
    {
      name: '3.1: siblings kept and converted',
      version: '3.1',
      given: { $ref: '#/components/schemas/Pet', description: 'The pet', readOnly: true, example: { id: 1 }, 'x-internal': true },
      want: { $ref: '#/$defs/Pet', description: 'The pet', readOnly: true, examples: [{ id: 1 }] },
    },
    {
      name: '3.1: nullable next to $ref wraps in anyOf, annotations outside',
      version: '3.1',
      given: { $ref: '#/components/schemas/Pet', description: 'The pet', nullable: true },
      want: { description: 'The pet', anyOf: [{ $ref: '#/$defs/Pet' }, { type: 'null' }] },
    },
    {
      name: 'dangling ref: empty schema and the warning refToDef records',
      given: { $ref: '#/nowhere' },
      want: {},
      diagnostics: [warning('ref-unresolved', 'cannot resolve schema reference "#/nowhere"', P)],
    },
    {
      name: 'dangling ref keeps its description',
      given: { $ref: '#/nowhere', description: 'd' },
      want: { description: 'd' },
      diagnostics: [warning('ref-unresolved', 'cannot resolve schema reference "#/nowhere"', P)],
    },
    {
      name: 'nested refs get the nested pointer',
      given: { type: 'object', properties: { a: { $ref: '#/missing' } } },
      want: { type: 'object', properties: { a: {} } },
      diagnostics: [warning('ref-unresolved', 'cannot resolve schema reference "#/missing"', `${P}/properties/a`)],
    },
    {
      name: 'non-string $ref is dropped',
      version: '3.1',
      given: { $ref: 42, type: 'string' },
      want: { type: 'string' },
      diagnostics: [warning('schema-invalid', '"$ref" must be a string, not 42; ignored', `${P}/$ref`)],
    },
    {
      name: '$recursiveRef "#" inside a component refers to that component',
      version: '3.1',
      given: { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/Leaf' }, { $recursiveRef: '#' }] } },
      want: { type: 'array', items: { oneOf: [{ $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Thing' }] } },
    },
    {
      name: '$dynamicRef is not supported',
      version: '3.1',
      given: { type: 'array', items: { $dynamicRef: '#itemType' } },
      want: { type: 'array', items: {} },
      diagnostics: [warning('schema-unsupported', '"$dynamicRef" is not supported; ignored', `${P}/items/$dynamicRef`)],
    },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: nullable', () => {
  const cases: ConvertCase[] = [
    { name: 'type gains "null"', given: { type: 'string', nullable: true }, want: { type: ['string', 'null'] } },
    {
      name: 'enum gains null',
      given: { type: 'string', enum: ['a', 'b'], nullable: true },
      want: { type: ['string', 'null'], enum: ['a', 'b', null] },
    },
    {
      name: 'enum that already has null is not doubled',
      given: { type: 'string', enum: ['a', null], nullable: true },
      want: { type: ['string', 'null'], enum: ['a', null] },
    },
    { name: 'enum without type gains null', given: { enum: [1, 2], nullable: true }, want: { enum: [1, 2, null] } },
    {
      name: 'without type the keyword just goes (the schema already accepts null)',
      given: { properties: { a: { type: 'string' } }, nullable: true },
      want: { properties: { a: { type: 'string' } } },
    },
    {
      name: 'allOf-only schema is wrapped: anyOf [rest, null], annotations outside',
      given: { title: 'T', description: 'D', allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true, default: null },
      want: { title: 'T', description: 'D', default: null, anyOf: [{ allOf: [{ $ref: '#/$defs/Pet' }] }, { type: 'null' }] },
    },
    {
      name: 'typed oneOf is wrapped too (the branches would reject null)',
      given: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }], nullable: true },
      want: { anyOf: [{ type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { type: 'null' }] },
    },
    { name: 'nullable: false just goes', given: { type: 'integer', nullable: false }, want: { type: 'integer' } },
    { name: '2.0 x-nullable', version: '2.0', given: { type: 'integer', 'x-nullable': true }, want: { type: ['integer', 'null'] } },
    {
      name: '3.1 type array with null: nullable adds nothing',
      version: '3.1',
      given: { type: ['string', 'null'], nullable: true },
      want: { type: ['string', 'null'] },
    },
    { name: '3.1 type array without null', version: '3.1', given: { type: ['string', 'integer'], nullable: true }, want: { type: ['string', 'integer', 'null'] } },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: numeric bounds', () => {
  const cases: ConvertCase[] = [
    { name: 'exclusiveMinimum: true', given: { type: 'number', minimum: 0, exclusiveMinimum: true }, want: { type: 'number', exclusiveMinimum: 0 } },
    { name: 'exclusiveMaximum: true', given: { type: 'number', maximum: 10, exclusiveMaximum: true }, want: { type: 'number', exclusiveMaximum: 10 } },
    { name: 'exclusiveMinimum: false', given: { type: 'number', minimum: 1, exclusiveMinimum: false }, want: { type: 'number', minimum: 1 } },
    { name: 'exclusive without a bound', version: '2.0', given: { type: 'number', exclusiveMaximum: true }, want: { type: 'number' } },
    {
      name: '3.1 numeric exclusive bounds are kept',
      version: '3.1',
      given: { type: 'number', minimum: 0, exclusiveMinimum: 0, exclusiveMaximum: 5 },
      want: { type: 'number', minimum: 0, exclusiveMinimum: 0, exclusiveMaximum: 5 },
    },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: examples and dropped keywords', () => {
  const cases: ConvertCase[] = [
    { name: 'example → examples', given: { type: 'string', example: 'x' }, want: { type: 'string', examples: ['x'] } },
    { name: 'example: null is no example', given: { type: 'string', example: null }, want: { type: 'string' } },
    {
      name: '3.1 examples array wins over example',
      version: '3.1',
      given: { type: 'string', example: 'x', examples: ['y', 'z'] },
      want: { type: 'string', examples: ['y', 'z'] },
    },
    {
      name: 'examples that are not a list are dropped, example used instead',
      given: { type: 'string', example: 'x', examples: { one: 'y' } },
      want: { type: 'string', examples: ['x'] },
      diagnostics: [warning('schema-invalid', '"examples" must be an array, not an object; ignored', `${P}/examples`)],
    },
    {
      name: 'OpenAPI-only and ref-changing keywords are dropped',
      given: {
        type: 'object',
        discriminator: { propertyName: 'kind' },
        xml: { name: 'pet' },
        externalDocs: { url: 'https://example.com' },
        'x-go-type': 'Pet',
        $id: 'https://example.com/pet',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $anchor: 'pet',
        $defs: { Inner: { type: 'string' } },
        definitions: { Old: { type: 'string' } },
        collectionFormat: 'csv',
      },
      want: { type: 'object' },
    },
    {
      name: 'JSON Schema annotations and unknown keywords are kept',
      version: '3.1',
      given: {
        title: 'T',
        description: 'D',
        type: 'string',
        format: 'uuid',
        default: 'a',
        const: 'a',
        enum: ['a'],
        deprecated: true,
        readOnly: true,
        writeOnly: false,
        contentMediaType: 'text/plain',
        contentEncoding: '7bit',
        $comment: 'c',
        unknownKeyword: { any: ['thing'] },
      },
      want: {
        title: 'T',
        description: 'D',
        type: 'string',
        format: 'uuid',
        default: 'a',
        const: 'a',
        enum: ['a'],
        deprecated: true,
        readOnly: true,
        writeOnly: false,
        contentMediaType: 'text/plain',
        contentEncoding: '7bit',
        $comment: 'c',
        unknownKeyword: { any: ['thing'] },
      },
    },
    {
      name: 'every validation keyword is kept',
      given: {
        type: ['array', 'string', 'object', 'number'],
        minLength: 1,
        maxLength: 2,
        pattern: '^a',
        minItems: 0,
        maxItems: 3,
        uniqueItems: true,
        minProperties: 1,
        maxProperties: 4,
        required: ['a'],
        dependentRequired: { a: ['b'] },
        multipleOf: 0.5,
        minimum: -1,
        maximum: 1,
        minContains: 1,
        maxContains: 2,
      },
      want: {
        type: ['array', 'string', 'object', 'number'],
        minLength: 1,
        maxLength: 2,
        pattern: '^a',
        minItems: 0,
        maxItems: 3,
        uniqueItems: true,
        minProperties: 1,
        maxProperties: 4,
        required: ['a'],
        dependentRequired: { a: ['b'] },
        multipleOf: 0.5,
        minimum: -1,
        maximum: 1,
        minContains: 1,
        maxContains: 2,
      },
    },
  ];
  it.each(cases)('$name', runConvertCase);
});

describe('convertSchema: binary data as base64 text', () => {
  const cases: ConvertCase[] = [
    { name: '2.0 type: file', version: '2.0', given: { type: 'file', format: 'binary', description: 'd' }, want: { type: 'string', description: 'd', contentEncoding: 'base64' } },
    { name: '3.0 format: binary', given: { type: 'string', format: 'binary' }, want: { type: 'string', contentEncoding: 'base64' } },
    { name: '3.0 format: byte', given: { type: 'string', format: 'byte' }, want: { type: 'string', contentEncoding: 'base64' } },
    { name: 'format: binary without type', given: { format: 'binary' }, want: { contentEncoding: 'base64' } },
    { name: 'format: binary on a non-string is left alone', given: { type: 'integer', format: 'binary' }, want: { type: 'integer', format: 'binary' } },
    {
      name: '3.1 octet-stream without encoding',
      version: '3.1',
      given: { type: 'string', contentMediaType: 'application/octet-stream' },
      want: { type: 'string', contentMediaType: 'application/octet-stream', contentEncoding: 'base64' },
    },
    { name: '3.1 image/png', version: '3.1', given: { contentMediaType: 'image/png' }, want: { contentMediaType: 'image/png', contentEncoding: 'base64' } },
    { name: '3.1 text media type stays text', version: '3.1', given: { type: 'string', contentMediaType: 'text/csv' }, want: { type: 'string', contentMediaType: 'text/csv' } },
    {
      name: '3.1 existing encoding wins',
      version: '3.1',
      given: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64url' },
      want: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64url' },
    },
  ];
  it.each(cases)('$name', runConvertCase);
});
