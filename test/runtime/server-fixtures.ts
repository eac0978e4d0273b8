// Fixture tools and helpers shared by the runtime server tests (not a test file itself).
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import type { ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import type { ApiConfig, HttpBinding, ToolEntry } from '../../templates/runtime/types.gen.js';

export const PROTOCOL_VERSION = '2026-07-28';

export const fixtureConfig: ApiConfig = {
  name: 'fixture-api-mcp',
  version: '1.2.3',
  title: 'Fixture API',
  description: 'A small API for runtime tests.',
  servers: [{ url: 'http://127.0.0.1:9/api', variables: {} }],
  credentials: {},
  confirm: 'destructive',
  env: { baseUrl: 'FIXTURE_API_BASE_URL', timeoutMs: 'FIXTURE_API_TIMEOUT_MS', serverVariables: {}, confirm: 'FIXTURE_API_CONFIRM', stateKey: 'FIXTURE_API_STATE_KEY' },
};

function binding(method: string, path: string): HttpBinding {
  return { kind: 'http', method, path, arguments: {}, security: [] };
}

/** Three tools: a string x-mcp-header on the first, an integer one on the third, $defs and formats. */
export const fixtureTools: ToolEntry[] = [
  {
    definition: {
      name: 'get_item',
      title: 'Get an item',
      description: 'Returns one item by its id.',
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', 'x-mcp-header': 'Item-Id' },
          verbose: { type: 'boolean' },
        },
        required: ['id'],
      },
      outputSchema: {
        type: 'object',
        properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
        required: ['tool', 'arguments'],
      },
      annotations: { readOnlyHint: true },
    },
    binding: binding('GET', '/items/{id}'),
  },
  {
    definition: {
      name: 'create_order',
      description: 'Creates an order.',
      inputSchema: {
        type: 'object',
        properties: { customer: { $ref: '#/$defs/Customer' }, note: { type: 'string' } },
        required: ['customer'],
        $defs: {
          Customer: {
            type: 'object',
            properties: { id: { type: 'string', format: 'uuid' } },
            required: ['id'],
          },
        },
      },
      annotations: { destructiveHint: false },
    },
    binding: binding('POST', '/orders'),
  },
  {
    definition: {
      name: 'list_items',
      description: 'Lists items.',
      inputSchema: {
        type: 'object',
        properties: { per_page: { type: 'integer', 'x-mcp-header': 'Per-Page' } },
      },
    },
    binding: binding('GET', '/items'),
  },
];

/** Tools with real bindings, for tests that call an upstream through the real tool caller. */
export const upstreamTools: ToolEntry[] = [
  {
    definition: {
      name: 'get_item',
      description: 'Returns one item by its id.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', 'x-mcp-header': 'Item-Id' }, verbose: { type: 'boolean' } },
        required: ['id'],
      },
      outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
    binding: {
      kind: 'http',
      method: 'GET',
      path: '/items/{id}',
      arguments: {
        id: { in: 'path', name: 'id', required: true },
        verbose: { in: 'query', name: 'verbose', required: false },
      },
      security: [],
      output: { status: '200', mediaType: 'application/json' },
    },
  },
];

/** `count` tools named tool_0000…, each with a string x-mcp-header and an outputSchema. */
export function manyTools(count: number): ToolEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `tool_${String(i).padStart(4, '0')}`;
    return {
      definition: {
        name,
        description: `Tool number ${i}.`,
        inputSchema: {
          type: 'object',
          properties: {
            owner: { type: 'string', 'x-mcp-header': 'Owner' },
            [`field_${i}`]: { type: 'integer', minimum: 0 },
          },
          required: ['owner'],
        },
        outputSchema: { type: 'object', properties: { tool: { type: 'string' } } },
      },
      binding: binding('GET', `/things/${i}`),
    };
  });
}

export interface EchoCall {
  tool: string;
  args: Record<string, unknown>;
  /** The abort signal the server passed: `live` (not aborted), `aborted`, or `missing`. */
  signal: 'live' | 'aborted' | 'missing';
}

/** A real tool caller that answers with the tool name and arguments it was given, and records them. */
export function echoCaller(calls: EchoCall[] = []): ToolCaller {
  return async (entry, args, signal): Promise<CallToolResult> => {
    calls.push({ tool: entry.definition.name, args, signal: signal === undefined ? 'missing' : signal.aborted ? 'aborted' : 'live' });
    const data = { tool: entry.definition.name, arguments: args };
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  };
}

/** The `_meta` envelope every 2026-07-28 request carries. */
export function envelope(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

/** A raw 2026-07-28 JSON-RPC request with the standard headers, for tests that bypass the client. */
export function modernRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Request {
  const name: Record<string, string> = typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {};
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL_VERSION,
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope() } }),
  });
}

/** A small tool catalog (data/tools/catalog.json) of three toolsets, for selection and dynamic-list tests. */
export const sampleCatalog: ToolCatalogData = {
  toolsets: [
    { name: 'issues', description: 'Interact with issues.', tools: 2 },
    { name: 'repos', description: '', tools: 2 },
    { name: 'Users', description: '', tools: 1 },
  ],
  tools: [
    { name: 'issues_list', summary: 'List issues', toolset: 0, readOnly: true },
    { name: 'issues_create', summary: 'Create an issue', toolset: 0, readOnly: false },
    { name: 'repos_get', summary: 'Get a repository', toolset: 1, readOnly: true },
    { name: 'repos_delete', summary: 'Delete a repository', toolset: 1, readOnly: false },
    { name: 'users_get', summary: 'Get a user', toolset: 2, readOnly: true },
  ],
};
