import { describe, expect, it } from 'vitest';
import { emitClientOnlyPackage, exampleArguments } from '../../src/emit/client-package.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import type { Tool, ToolModel } from '../../src/model/tool-model.js';

function tool(name: string, inputSchema: JsonSchemaObject): Tool {
  return { definition: { name, description: name, inputSchema }, binding: { kind: 'http', method: 'GET', path: '/x', arguments: {}, security: [] } };
}

describe('exampleArguments', () => {
  const cases: { name: string; given: JsonSchemaObject; want: string | undefined }[] = [
    { name: 'no required arguments', given: { type: 'object', properties: { a: { type: 'string' } } }, want: '' },
    {
      name: 'a placeholder per type',
      given: {
        type: 'object',
        properties: { s: { type: 'string' }, n: { type: 'integer' }, b: { type: 'boolean' }, l: { type: 'array' }, o: { $ref: '#/$defs/X' }, t: { type: ['number', 'null'] } },
        required: ['s', 'n', 'b', 'l', 'o', 't', 'missing'],
      },
      want: "{ s: '…', n: 1, b: true, l: [], o: {}, t: 1, missing: '…' }",
    },
    { name: 'a name that would need quoting', given: { type: 'object', properties: { 'X-Id': { type: 'string' } }, required: ['X-Id'] }, want: undefined },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(exampleArguments(tool('t', given))).toBe(want));
});

describe('emitClientOnlyPackage', () => {
  const model: ToolModel = {
    info: { title: 'Shop', version: '2.0.0' },
    servers: [],
    securitySchemes: {},
    tools: [tool('list_items', { type: 'object', properties: {} }), tool('get_item', { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] })],
  } as unknown as ToolModel;
  const files = emitClientOnlyPackage(model, { name: 'shop-mcp-client', version: '1.0.0', title: 'Shop' });
  const byPath = Object.fromEntries(files.map((f) => [f.path, f.contents]));

  it('holds package files and the client, nothing of a server', () => {
    expect(files.map((f) => f.path).filter((p) => !p.startsWith('src/client/'))).toEqual(['package.json', 'tsconfig.json', '.gitignore', 'README.md']);
    expect(files.every((f) => f.owner === 'generator')).toBe(true);
  });

  it('package.json: one dependency, the client as . and ./client with types, no bin', () => {
    const pkg = JSON.parse(byPath['package.json']!) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'shop-mcp-client',
      description: 'Typed MCP client for Shop',
      dependencies: { '@modelcontextprotocol/client': '2.4.0' },
      scripts: { build: 'tsc -p tsconfig.json' },
      exports: { '.': { types: './dist/client/index.d.ts', default: './dist/client/index.js' }, './client': { types: './dist/client/index.d.ts', default: './dist/client/index.js' } },
    });
    expect(pkg['bin']).toBeUndefined();
  });

  it('README: usage with a call that shows arguments, and the method table', () => {
    const readme = byPath['README.md']!;
    expect(readme).toContain("import { createClient, ToolCallError } from 'shop-mcp-client/client';");
    expect(readme).toContain('const result = await api.getItem({ id: 1 });');
    expect(readme).toContain('| `listItems` | `list_items` | `ListItemsArgs` → `ListItemsResult` |\n| `getItem` | `get_item` | `GetItemArgs` → `GetItemResult` |\n');
  });
});
