// Every JSON Schema draft a manifest may use comes out as 2020-12, by its `$schema`.
import { describe, expect, it } from 'vitest';
import { manifestWith, toolsOf } from './manifest-kit.js';

const inputOf = async (files: Record<string, string | object>) => (await toolsOf(files)).tools.tools[0]!.definition.inputSchema;
const oneTool = (input: unknown) => manifestWith([{ name: 't', description: 'T.', input }]);
const URI_2020 = 'https://json-schema.org/draft/2020-12/schema';

describe('drafts normalized to 2020-12', () => {
  it('draft-04 (own file): boolean exclusiveMinimum, tuple items, definitions, $ref siblings ignored', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'http://example.com/point',
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 0, exclusiveMinimum: true },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false },
        ref: { $ref: '#/definitions/Id', description: 'kept', minLength: 3 },
      },
      definitions: { Id: { type: 'string' } },
    };
    expect(await inputOf({ 'tools.json': oneTool({ $ref: 'point.json' }), 'point.json': schema })).toEqual({
      $schema: URI_2020,
      id: 'http://example.com/point',
      type: 'object',
      properties: {
        n: { type: 'number', exclusiveMinimum: 0 },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        ref: { $ref: '#/$defs/Id', description: 'kept' },
      },
      $defs: { Id: { type: 'string' } },
    });
  });

  it('draft-06: numeric exclusive bounds, const, contains, propertyNames', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-06/schema#',
      type: 'object',
      properties: { n: { type: 'integer', exclusiveMaximum: 10 }, k: { const: 'x' }, list: { type: 'array', contains: { type: 'integer' } } },
      propertyNames: { pattern: '^[a-z]+$' },
    };
    expect(await inputOf({ 'tools.json': oneTool({ $ref: 's.json' }), 's.json': schema })).toEqual({
      $schema: URI_2020,
      type: 'object',
      properties: { n: { type: 'integer', exclusiveMaximum: 10 }, k: { const: 'x' }, list: { type: 'array', contains: { type: 'integer' } } },
      propertyNames: { pattern: '^[a-z]+$' },
    });
  });

  it('draft-07 (inline $schema): dependencies split, if/then/else kept', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'string' }, kind: { type: 'string' } },
      dependencies: { card: ['billing'], kind: { required: ['card'] } },
      if: { properties: { kind: { const: 'x' } } },
      then: { required: ['card'] },
      else: { required: [] },
    };
    expect(await inputOf({ 'tools.json': oneTool(schema) })).toEqual({
      $schema: URI_2020,
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'string' }, kind: { type: 'string' } },
      dependentRequired: { card: ['billing'] },
      dependentSchemas: { kind: { required: ['card'] } },
      if: { properties: { kind: { const: 'x' } } },
      then: { required: ['card'] },
      else: { required: [] },
    });
  });

  it('2019-09: $ref siblings kept, tuple items → prefixItems', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { id: { $ref: '#/$defs/Id', minLength: 3 }, pair: { type: 'array', items: [{ type: 'string' }] } },
      $defs: { Id: { type: 'string' } },
    };
    expect(await inputOf({ 'tools.json': oneTool({ $ref: 's.json' }), 's.json': schema })).toEqual({
      $schema: URI_2020,
      type: 'object',
      properties: { id: { $ref: '#/$defs/Id', minLength: 3 }, pair: { type: 'array', prefixItems: [{ type: 'string' }] } },
      $defs: { Id: { type: 'string' } },
    });
  });

  it('2020-12 (the default, no $schema): kept as written, $anchor and composition included', async () => {
    const schema = {
      type: 'object',
      properties: { address: { $ref: '#/$defs/address' }, phone: { type: 'string' }, email: { type: 'string' } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      additionalProperties: false,
      $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { city: { type: 'string' } } } },
    };
    expect(await inputOf({ 'tools.json': oneTool({ $ref: 's.json' }), 's.json': schema })).toEqual({ $schema: URI_2020, ...schema });
  });

  it('jsonSchemaDialect sets the default of the manifest\'s own schemas', async () => {
    const manifest = { ...oneTool({ type: 'object', properties: { id: { $ref: '#/$defs/Id', minLength: 3 } } }), jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#', $defs: { Id: { type: 'string' } } };
    expect(await inputOf({ 'tools.json': manifest })).toEqual({
      $schema: URI_2020,
      type: 'object',
      properties: { id: { $ref: '#/$defs/Id' } }, // draft-07: siblings of $ref are ignored
      $defs: { Id: { type: 'string' } },
    });
  });
});

describe('references', () => {
  it('follow across files and within them, keep recursion, and carry $defs per tool', async () => {
    const files = {
      'tools.json': manifestWith([{ name: 'tree', description: 'T.', input: { $ref: 'schemas/input.json' } }]),
      'schemas/input.json': { type: 'object', properties: { root: { $ref: 'node.json#/$defs/Node' } }, required: ['root'] },
      'schemas/node.json': { $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } },
    };
    expect(await inputOf(files)).toEqual({
      $schema: URI_2020,
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    });
  });
});
