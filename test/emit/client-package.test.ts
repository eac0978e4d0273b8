import { describe, expect, it } from 'vitest';
import { clientUsage, emitClientOnlyPackage } from '../../src/emit/client-package.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import type { Tool, ToolModel } from '../../src/model/tool-model.js';

function tool(name: string, inputSchema: JsonSchemaObject): Tool {
  return { definition: { name, description: name, inputSchema }, binding: { kind: 'http', method: 'GET', path: '/x', arguments: {}, security: [] } };
}

describe('clientUsage', () => {
  const optional = tool('list_items', { type: 'object', properties: {} });
  const long = tool('create_item', { type: 'object', properties: { first_argument_name: { type: 'string' }, second_argument_name: { type: 'string' }, third_argument: { type: 'integer' } }, required: ['first_argument_name', 'second_argument_name', 'third_argument'] });
  const short = tool('get_item', { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] });
  const impossible = tool('never', { type: 'object', properties: { a: { enum: [] } }, required: ['a'] });
  const call = (tools: Tool[]): string => /const result = await api\.(\w+)\(([^;]*)\);/.exec(clientUsage(tools, 'x/client', 'const api = 1;'))!.slice(1).join(' ');
  const cases: { name: string; given: Tool[]; want: string }[] = [
    { name: 'the first tool whose arguments fit on one line', given: [optional, long, short], want: 'getItem { id: 1 }' },
    { name: 'else the shortest that has arguments (laid out a line each)', given: [optional, long], want: "createItem {\n    first_argument_name: '…',\n    second_argument_name: '…',\n    third_argument: 1,\n  }" },
    { name: 'else one without arguments', given: [impossible, optional], want: 'listItems ' },
    { name: 'else a comment', given: [impossible], want: 'never { /* … */ }' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(call(given)).toBe(want));

  it('talks of the upstream API for an OpenAPI package, of handlers for a manifest one', () => {
    const openapi = clientUsage([short], 'x/client', 'const api = 1;');
    expect(openapi).toContain('console.error(error.tool, error.status, error.message);');
    expect(openapi).toContain('pass its configuration (base URL, credentials) there');
    expect(openapi).toContain("resolves to the\n  upstream's JSON");
    expect(openapi).toContain("`status` (the upstream's HTTP status");
    const handlers = clientUsage([short], 'x/client', 'const api = 1;', undefined, true);
    expect(handlers).toContain('console.error(error.tool, error.message);');
    expect(handlers).toContain('pass what its handlers read from the environment there');
    expect(handlers).toContain('resolves to the data\n  its handler returned');
    expect(handlers).not.toMatch(/upstream|HTTP status|status|base URL|credentials/);
  });
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

  it('README of a manifest client: its tools run handlers, nothing of an OpenAPI description or an upstream', () => {
    const handlerTool = (t: Tool): Tool => ({ ...t, binding: { kind: 'handler' } });
    const manifest = { ...model, tools: model.tools.map(handlerTool) } as ToolModel;
    const readme = emitClientOnlyPackage(manifest, { name: 'shop-mcp-client', version: '1.0.0', title: 'Shop' }).find((f) => f.path === 'README.md')!.contents;
    expect(readme).toContain('generated by openapi-mcp from its tool manifest');
    expect(readme).toContain('console.error(error.tool, error.message);');
    expect(readme).not.toMatch(/OpenAPI|upstream|HTTP status|base URL/);
  });
});
