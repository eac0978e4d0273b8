import { describe, expect, it } from 'vitest';
import type { JsonSchema, JsonSchemaObject } from '../../src/model/json-schema.js';
import type { Tool } from '../../src/model/tool-model.js';
import { jsonTypes, parseToolSummaries, shortHash, summarizeTool } from '../../src/report/tool-summary.js';

describe('jsonTypes', () => {
  const root: JsonSchemaObject = {
    $defs: {
      Id: { type: 'integer' },
      Ref: { $ref: '#/$defs/Id' },
      Loop: { $ref: '#/$defs/Loop' },
      'a/b': { type: 'boolean' },
    },
  };
  const cases: { name: string; given: JsonSchema; want: string[] }[] = [
    { name: 'type', given: { type: 'string' }, want: ['string'] },
    { name: 'type list, sorted', given: { type: ['string', 'null'] }, want: ['null', 'string'] },
    { name: 'const', given: { const: 1.5 }, want: ['number'] },
    { name: 'enum values', given: { enum: ['a', 1, null] }, want: ['integer', 'null', 'string'] },
    { name: 'local $ref, followed twice', given: { $ref: '#/$defs/Ref' }, want: ['integer'] },
    { name: '$ref with an escaped pointer', given: { $ref: '#/$defs/a~1b' }, want: ['boolean'] },
    { name: 'a $ref cycle is any', given: { $ref: '#/$defs/Loop' }, want: [] },
    { name: 'unresolvable $ref is any', given: { $ref: '#/$defs/Nope' }, want: [] },
    { name: 'anyOf: union', given: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, want: ['integer', 'string'] },
    { name: 'oneOf with an untyped member: any', given: { oneOf: [{ type: 'string' }, {}] }, want: [] },
    { name: 'allOf: intersection, integer within number', given: { allOf: [{ type: ['number', 'string'] }, { type: ['integer', 'null'] }] }, want: ['integer'] },
    { name: 'no type: any', given: { description: 'x' }, want: [] },
    { name: 'true: any', given: true, want: [] },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(jsonTypes(given, root)).toEqual(want));
});

describe('summarizeTool', () => {
  it('keeps method, path, arguments (sorted, required, types, header) and short hashes', () => {
    const inputSchema = JSON.parse(
      '{"type":"object","properties":{"q":{"type":"string"},"owner":{"type":"string","x-mcp-header":"Owner"},"__proto__":{"type":"integer"}},"required":["owner"],"additionalProperties":false}',
    ) as JsonSchemaObject;
    const tool: Tool = {
      definition: { name: 'get', description: 'GET /x', inputSchema },
      binding: { kind: 'http', method: 'get', path: '/x/{owner}', arguments: {}, security: [] },
    };
    const summary = summarizeTool(tool);
    expect(JSON.stringify(summary)).toBe(
      JSON.stringify({
        method: 'GET',
        path: '/x/{owner}',
        arguments: JSON.parse('{"__proto__":{"required":false,"type":["integer"]},"owner":{"required":true,"type":["string"],"header":"Owner"},"q":{"required":false,"type":["string"]}}'),
        input: shortHash(JSON.stringify(tool.definition.inputSchema)),
        text: shortHash(JSON.stringify([null, null, 'GET /x'])),
        hints: shortHash('null'),
        binding: shortHash(JSON.stringify(tool.binding)),
        auth: shortHash('[]'),
      }),
    );
    expect(Object.getPrototypeOf(summary.arguments)).toBe(Object.prototype);
    expect(summarizeTool({ ...tool, toolset: 'pets' }).toolset).toBe('pets');
    expect(parseToolSummaries(JSON.parse(JSON.stringify({ get: summary })))?.get('get')).toEqual(summary);
  });

  it('parseToolSummaries refuses a malformed entry', () => {
    const good = { arguments: {}, input: '0123456789abcdef', text: '0123456789abcdef', hints: '0123456789abcdef', binding: '0123456789abcdef' };
    expect(parseToolSummaries({ a: good })?.size).toBe(1);
    expect(parseToolSummaries({ a: { ...good, toolset: 'pets' } })?.get('a')?.toolset).toBe('pets');
    expect(parseToolSummaries({ a: { ...good, toolset: 1 } })).toBeUndefined();
    expect(parseToolSummaries({ a: { ...good, input: 'x' } })).toBeUndefined();
    expect(parseToolSummaries({ a: { ...good, auth: 'x' } })).toBeUndefined();
    expect(parseToolSummaries({ a: { ...good, arguments: { x: { required: 'yes', type: [] } } } })).toBeUndefined();
    expect(parseToolSummaries([good])).toBeUndefined();
  });
});
