import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer, type CallToolResult, type McpHttpHandler, type McpRequestContext } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createServerFactory,
  decodeMcpName,
  describeError,
  PARSED_BODY,
  serverInfo,
  toolsNeededFor,
} from '../../templates/runtime/server.gen.js';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, fixtureConfig, fixtureTools, modernRequest, type EchoCall } from './server-fixtures.js';

const URL_ = 'http://127.0.0.1/mcp';

function handlerFor(callTool: ToolCaller, pageSize = 2, log?: (line: string) => void): McpHttpHandler {
  const table = buildToolTable(fixtureTools, { pageSize });
  return createMcpHandler(createServerFactory(fixtureConfig, table, callTool, log ? { log } : {}), { legacy: 'stateless' });
}

/** The official v2 client talking to the handler in-process, without sockets. */
async function connect(handler: McpHttpHandler, modern: boolean): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' }, modern ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(
    new StreamableHTTPClientTransport(new URL(URL_), { fetch: (input, init) => handler.fetch(new Request(input, init)) }),
  );
  return client;
}

async function rpc(handler: McpHttpHandler, request: Request): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await handler.fetch(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const table = buildToolTable(fixtureTools);
const [getItem, createOrder, listItems] = table.all;

function ctx(era: 'modern' | 'legacy', headers: Record<string, string>, body = ''): McpRequestContext {
  return { era, requestInfo: new Request(URL_, { method: 'POST', headers, body }) };
}

describe('decodeMcpName', () => {
  const cases: { name: string; given: string; want: string | undefined }[] = [
    { name: 'plain', given: 'get_item', want: 'get_item' },
    { name: 'surrounding whitespace', given: '  get_item\t', want: 'get_item' },
    { name: 'base64 sentinel', given: '=?base64?Z2V0X2l0ZW0=?=', want: 'get_item' },
    { name: 'base64 sentinel with UTF-8', given: '=?base64?b2N0byBjYXQgw7w=?=', want: 'octo cat ü' },
    { name: 'non-canonical base64', given: '=?base64?Z2V0X2l0ZW0?=', want: undefined },
    { name: 'invalid base64 characters', given: '=?base64?Z2V0*2l0ZW0=?=', want: undefined },
    { name: 'invalid UTF-8', given: '=?base64?/w==?=', want: undefined },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(decodeMcpName(given)).toBe(want));
  }
});

describe('toolsNeededFor', () => {
  const call = (name: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });
  const cases: { name: string; given: McpRequestContext | undefined; want: unknown[] }[] = [
    { name: 'stdio (no HTTP request): every tool', given: undefined, want: [getItem, createOrder, listItems] },
    { name: 'modern tools/call: the named tool', given: ctx('modern', { 'mcp-method': 'tools/call', 'mcp-name': 'create_order' }), want: [createOrder] },
    {
      name: 'modern tools/call with a base64 Mcp-Name',
      given: ctx('modern', { 'mcp-method': 'tools/call', 'mcp-name': '=?base64?bGlzdF9pdGVtcw==?=' }),
      want: [listItems],
    },
    { name: 'modern tools/call of an unknown tool: none', given: ctx('modern', { 'mcp-method': 'tools/call', 'mcp-name': 'nope' }), want: [] },
    { name: 'modern tools/list: none', given: ctx('modern', { 'mcp-method': 'tools/list' }), want: [] },
    { name: 'modern server/discover: none', given: ctx('modern', { 'mcp-method': 'server/discover' }), want: [] },
    { name: 'legacy tools/call: the named tool', given: ctx('legacy', {}, call('list_items')), want: [listItems] },
    { name: 'legacy tools/call of an unknown tool: none', given: ctx('legacy', {}, call('nope')), want: [] },
    { name: 'legacy initialize: none', given: ctx('legacy', {}, '{"jsonrpc":"2.0","id":1,"method":"initialize"}'), want: [] },
    { name: 'legacy batch: every tool', given: ctx('legacy', {}, `[${call('get_item')}]`), want: [getItem, createOrder, listItems] },
    { name: 'legacy unparsable body: every tool', given: ctx('legacy', {}, '{'), want: [getItem, createOrder, listItems] },
    { name: 'legacy JSON null: none', given: ctx('legacy', {}, 'null'), want: [] },
  ];
  for (const { name, given, want } of cases) {
    it(name, async () => expect(await toolsNeededFor(table, given)).toEqual(want));
  }

  it('legacy tools/call parsed by the HTTP adapter: the named tool, from the parsed body', async () => {
    const requestInfo = new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' } });
    Object.defineProperty(requestInfo, PARSED_BODY, { value: JSON.parse(call('create_order')) });
    expect(await toolsNeededFor(table, { era: 'legacy', requestInfo })).toEqual([createOrder]);
  });

  it('leaves the request body readable for the SDK', async () => {
    const context = ctx('legacy', {}, call('get_item'));
    await toolsNeededFor(table, context);
    expect(await context.requestInfo?.json()).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_item' } });
  });
});

describe('serverInfo', () => {
  it('comes from the ApiConfig', () => {
    expect(serverInfo(fixtureConfig)).toEqual({
      name: 'fixture-api-mcp',
      version: '1.2.3',
      title: 'Fixture API',
      description: 'A small API for runtime tests.',
    });
    const { description: _, ...noDescription } = fixtureConfig;
    expect(serverInfo(noDescription)).toEqual({ name: 'fixture-api-mcp', version: '1.2.3', title: 'Fixture API' });
  });
});

describe('describeError', () => {
  const withCode = Object.assign(new Error('connect ECONNREFUSED http://user:secret@host'), { code: 'ECONNREFUSED' });
  const cases: { name: string; given: unknown; want: string }[] = [
    { name: 'an Error: its name only', given: new TypeError('token=secret'), want: 'TypeError' },
    { name: 'a Node error: name and code', given: withCode, want: 'Error (ECONNREFUSED)' },
    { name: 'a thrown string', given: 'secret', want: 'string' },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(describeError(given)).toBe(want));
  }
});

describe('server factory through the official client (2026-07-28)', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    vi.restoreAllMocks();
  });

  it('lists every page in order and calls a tool with its arguments', async () => {
    const calls: EchoCall[] = [];
    const client = await connect(handlerFor(echoCaller(calls)), true);
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()).toMatchObject({ name: 'fixture-api-mcp', version: '1.2.3', title: 'Fixture API' });

    const { tools } = await client.listTools(); // walks the 2 pages (page size 2)
    expect(tools.map((t) => t.name)).toEqual(['get_item', 'create_order', 'list_items']);
    expect(tools[0]?.outputSchema).toEqual(fixtureTools[0]!.definition.outputSchema);

    const result = await client.callTool({ name: 'get_item', arguments: { id: 'a/1', verbose: true } });
    expect(result.structuredContent).toEqual({ tool: 'get_item', arguments: { id: 'a/1', verbose: true } });
    expect(calls).toEqual([{ tool: 'get_item', args: { id: 'a/1', verbose: true }, signal: 'live' }]);
  });

  it('turns invalid arguments into an isError result without calling the upstream', async () => {
    const calls: EchoCall[] = [];
    const client = await connect(handlerFor(echoCaller(calls)), true);
    clients.push(client);
    const result = await client.callTool({ name: 'create_order', arguments: { customer: { id: 'not-a-uuid' } } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Input validation error: Invalid arguments for tool create_order: customer.id must match format "uuid"' }],
    });
    expect(calls).toEqual([]);
  });

  it('registers exactly the called tool per tools/call request, none for tools/list', async () => {
    const register = vi.spyOn(McpServer.prototype, 'registerTool');
    const handler = handlerFor(echoCaller());
    await rpc(handler, modernRequest(URL_, 'tools/list', {}));
    expect(register).toHaveBeenCalledTimes(0);
    await rpc(handler, modernRequest(URL_, 'tools/call', { name: 'list_items', arguments: {} }));
    expect(register.mock.calls.map((c) => c[0])).toEqual(['list_items']);
  });

  it('answers an unknown cursor with -32602', async () => {
    const { status, body } = await rpc(handlerFor(echoCaller()), modernRequest(URL_, 'tools/list', { cursor: 'nope' }));
    expect(status).toBe(200);
    expect(body['error']).toEqual({ code: -32602, message: 'Invalid cursor' });
  });

  it('serves pages with ttlMs, cacheScope and the server info', async () => {
    const { body } = await rpc(handlerFor(echoCaller()), modernRequest(URL_, 'tools/list', {}));
    expect(body['result']).toMatchObject({
      ttlMs: 300_000,
      cacheScope: 'public',
      nextCursor: expect.any(String),
      _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo(fixtureConfig) },
    });
  });

  it('gives server/discover a long public cache hint', async () => {
    const { body } = await rpc(handlerFor(echoCaller()), modernRequest(URL_, 'server/discover', {}));
    expect(body['result']).toMatchObject({ capabilities: { tools: { listChanged: false } }, ttlMs: 3_600_000, cacheScope: 'public' });
  });

  it('does not enforce outputSchema itself: a mismatching result passes through', async () => {
    const mismatch: ToolCaller = async () => ({ content: [{ type: 'text', text: '{"nope":1}' }], structuredContent: { nope: 1 } });
    const { body } = await rpc(handlerFor(mismatch), modernRequest(URL_, 'tools/call', { name: 'get_item', arguments: { id: 'a' } }, { 'mcp-param-item-id': 'a' }));
    expect(body['result']).toMatchObject({ structuredContent: { nope: 1 }, content: [{ type: 'text', text: '{"nope":1}' }] });
    expect((body['result'] as CallToolResult).isError).toBeUndefined();
  });

  it('reports a throwing caller as an isError result, logging neither its message nor the arguments', async () => {
    const lines: string[] = [];
    const throwing: ToolCaller = async (_entry, args) => {
      throw new Error(`secret-token in ${JSON.stringify(args)}`);
    };
    const client = await connect(handlerFor(throwing, 2, (line) => lines.push(line)), true);
    clients.push(client);
    const result = await client.callTool({ name: 'list_items', arguments: { per_page: 31337 } });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Internal error while calling list_items.' }] });
    expect(lines).toEqual(['tool list_items failed unexpectedly: Error']);
  });
});

describe('server factory through the official client (2025-11-25)', () => {
  it('lists and calls on the same endpoint, and leaves the shared pages untouched', async () => {
    const calls: EchoCall[] = [];
    const handler = handlerFor(echoCaller(calls));
    const before = JSON.stringify(await rpc(handler, modernRequest(URL_, 'tools/list', {})));
    const client = await connect(handler, false);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['get_item', 'create_order', 'list_items']);
      const result = await client.callTool({ name: 'get_item', arguments: { id: 'b' } });
      expect(result.structuredContent).toEqual({ tool: 'get_item', arguments: { id: 'b' } });
      expect(calls.map((c) => c.args)).toEqual([{ id: 'b' }]);
    } finally {
      await client.close();
    }
    expect(JSON.stringify(await rpc(handler, modernRequest(URL_, 'tools/list', {})))).toBe(before);
  });

  it('registers exactly the called tool per legacy tools/call request', async () => {
    const register = vi.spyOn(McpServer.prototype, 'registerTool');
    try {
      const response = await handlerFor(echoCaller()).fetch(
        new Request(URL_, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'create_order', arguments: {} } }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Invalid arguments for tool create_order');
      expect(register.mock.calls.map((c) => c[0])).toEqual(['create_order']);
    } finally {
      register.mockRestore();
    }
  });
});
