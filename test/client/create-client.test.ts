import {
  acceptedContent,
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  McpServer,
  type CallToolResult,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../templates/client/create-client.gen.js';
import { InputRequiredError, ToolCallError } from '../../templates/client/errors.gen.js';
import type { CallOptions, ClientTable, DefinitionPart, ElicitationHandler } from '../../templates/client/types.gen.js';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { echoCaller, fixtureConfig, fixtureTools, type EchoCall } from '../runtime/server-fixtures.js';

/**
 * The client runtime against the generated server's runtime, in process (the HTTP handler's
 * fetch, no sockets): what the generated `createClient` does, with a hand-written method table.
 */
const listThings: ToolEntry = {
  definition: {
    name: 'list_things',
    description: 'Lists things.',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: { type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] },
  },
  binding: { kind: 'http', method: 'GET', path: '/things', arguments: {}, security: [], output: { status: '200', mediaType: 'application/json', wrappedIn: 'result' } },
};
const tools = [...fixtureTools, listThings];

interface Api {
  getItem(args: { id: string; verbose?: boolean }, options?: CallOptions): Promise<{ tool: string; arguments: Record<string, unknown> }>;
  createOrder(args: { customer: { id: string }; note?: string }, options?: CallOptions): Promise<string>;
  listThings(args?: Record<string, never>, options?: CallOptions): Promise<string[]>;
  close(): Promise<void>;
}

function table(parts: DefinitionPart[], loads: number[] = []): ClientTable {
  return {
    name: 'fixture-api-mcp',
    version: '1.2.3',
    methods: {
      getItem: { tool: 'get_item', part: 'part-get-item' },
      createOrder: { tool: 'create_order', part: 'part-get-item' },
      listThings: { tool: 'list_things', part: 'part-list-things', wrappedIn: 'result' },
    },
    parts: Object.fromEntries(parts.map((part, i) => [['part-get-item', 'part-list-things'][i], async () => {
      loads.push(i);
      return part;
    }])),
  };
}

const definitionParts: DefinitionPart[] = [{ tools: fixtureTools }, { tools: [listThings] }];

/** A caller that answers like the real one: list_things wraps its array, others echo. */
function caller(calls: EchoCall[]): ToolCaller {
  const echo = echoCaller(calls);
  return async (entry, args, signal) => {
    if (entry.definition.name === 'list_things') return { content: [{ type: 'text', text: '["a","b"]' }], structuredContent: { result: ['a', 'b'] }, _meta: { 'openapi-mcp/status': 200 } };
    // As the runtime answers a tool whose upstream answer is not JSON (or with --output-schema none): text alone.
    if (entry.definition.name === 'create_order') return { content: [{ type: 'text', text: JSON.stringify({ tool: 'create_order', arguments: args }) }] };
    if (args['id'] === 'missing') return { content: [{ type: 'text', text: 'HTTP 404 Not Found: {"message":"no such item"}' }], isError: true, _meta: { 'openapi-mcp/status': 404 } };
    return echo(entry, args, signal);
  };
}

function serve(callTool: ToolCaller, served: ToolEntry[] = tools): McpHttpHandler {
  return createMcpHandler(createServerFactory(fixtureConfig, buildToolTable(served), callTool, { log: () => {} }), { legacy: 'stateless' });
}

interface Seen {
  method: string | null;
  headers: Record<string, string>;
}

async function connect(
  handler: McpHttpHandler,
  parts = definitionParts,
  loads: number[] = [],
  onElicitation?: ElicitationHandler,
  toolNames?: Record<string, string>,
): Promise<{ api: Api; seen: Seen[] }> {
  const seen: Seen[] = [];
  const api = await createApiClient<Api>(table(parts, loads), {
    url: 'http://127.0.0.1/mcp',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => {
        if (key.startsWith('mcp-param-')) headers[key] = value;
      });
      seen.push({ method: request.headers.get('mcp-method'), headers });
      return handler.fetch(request);
    },
    ...(onElicitation ? { onElicitation } : {}),
    ...(toolNames ? { toolNames } : {}),
  });
  return { api, seen };
}

describe('createApiClient against the server runtime', () => {
  it('resolves to the structured result, mirrors Mcp-Param headers, loads each definitions part once', async () => {
    const calls: EchoCall[] = [];
    const loads: number[] = [];
    const { api, seen } = await connect(serve(caller(calls)), definitionParts, loads);
    expect(loads).toEqual([]);
    expect(await api.getItem({ id: 'a1' })).toEqual({ tool: 'get_item', arguments: { id: 'a1' } });
    expect(await api.getItem({ id: 'a2', verbose: true })).toEqual({ tool: 'get_item', arguments: { id: 'a2', verbose: true } });
    expect(loads).toEqual([0]);
    const toolCalls = seen.filter((s) => s.method === 'tools/call');
    expect(toolCalls.map((s) => s.headers)).toEqual([{ 'mcp-param-item-id': 'a1' }, { 'mcp-param-item-id': 'a2' }]);
    // No tools/list round trip: the definitions came with the client.
    expect(seen.some((s) => s.method === 'tools/list')).toBe(false);
    await api.close();
  });

  it('unwraps a wrapped result; a result without structuredContent resolves to its text', async () => {
    const { api } = await connect(serve(caller([])));
    expect(await api.listThings()).toEqual(['a', 'b']);
    expect(await api.createOrder({ customer: { id: '6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11' } })).toBe(
      '{"tool":"create_order","arguments":{"customer":{"id":"6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11"}}}',
    );
    await api.close();
  });

  it('an isError result throws ToolCallError with the tool, message and upstream status', async () => {
    const { api } = await connect(serve(caller([])));
    const error = await api.getItem({ id: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ tool: 'get_item', status: 404, message: 'get_item: HTTP 404 Not Found: {"message":"no such item"}' });
    // Arguments the server rejects are tool errors too (no status: nothing reached the upstream).
    const invalid = await api.createOrder({ customer: { id: 'not-a-uuid' } }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ToolCallError);
    expect((invalid as ToolCallError).status).toBeUndefined();
    expect((invalid as ToolCallError).message).toMatch(/^create_order: .*uuid/);
    await api.close();
  });

  it('passes the raw result to onResult', async () => {
    const { api } = await connect(serve(caller([])));
    const results: CallToolResult[] = [];
    await api.listThings({}, { onResult: (r) => results.push(r) });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ content: [{ type: 'text', text: '["a","b"]' }], structuredContent: { result: ['a', 'b'] }, _meta: { 'openapi-mcp/status': 200 } });
    await api.close();
  });

  it('calls a tool the server renamed (src/hooks.ts) by its served name when toolNames says so', async () => {
    const renamed = [{ ...fixtureTools[0]!, definition: { ...fixtureTools[0]!.definition, name: 'fetch_item' } }, ...tools.slice(1)];
    const { api, seen } = await connect(serve(caller([]), renamed), definitionParts, [], undefined, { get_item: 'fetch_item' });
    expect(await api.getItem({ id: 'c3' })).toEqual({ tool: 'fetch_item', arguments: { id: 'c3' } });
    expect(seen.filter((s) => s.method === 'tools/call').map((s) => s.headers)).toEqual([{ 'mcp-param-item-id': 'c3' }]);
    await api.close();
    // Without the mapping the server does not know the generated name.
    const { api: plain } = await connect(serve(caller([]), renamed));
    await expect(plain.getItem({ id: 'c3' })).rejects.toThrow(/get_item/);
    await plain.close();
  });

  it('after a header mismatch (definitions older than the server) retries with the server\'s definition', async () => {
    const stale: DefinitionPart[] = [
      { tools: [{ definition: { ...fixtureTools[0]!.definition, inputSchema: { type: 'object', properties: { id: { type: 'string' }, verbose: { type: 'boolean' } }, required: ['id'] } } }, ...fixtureTools.slice(1)] },
      { tools: [listThings] },
    ];
    const { api, seen } = await connect(serve(caller([])), stale);
    expect(await api.getItem({ id: 'b7' })).toEqual({ tool: 'get_item', arguments: { id: 'b7' } });
    const calls = seen.filter((s) => s.method === 'tools/call' || s.method === 'tools/list');
    expect(calls.map((s) => s.method)).toEqual(['tools/call', 'tools/call', 'tools/list', 'tools/call']);
    expect(calls.at(-1)!.headers).toEqual({ 'mcp-param-item-id': 'b7' });
    await api.close();
  });
});

describe('input_required', () => {
  /** A server whose delete_repo tool asks for confirmation first (SEP-2322 multi round-trip). */
  function confirmingServer(): McpHttpHandler {
    return createMcpHandler(async () => {
      const server = new McpServer({ name: 'confirming', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.registerTool(
        'delete_repo',
        { description: 'Deletes a repository.', inputSchema: fromJsonSchema<{ repo: string }>({ type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] }) },
        async (args, ctx) => {
          const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
          if (answer === undefined) {
            return inputRequired({
              inputRequests: {
                confirm: inputRequired.elicit({
                  message: `Really delete ${args.repo}?`,
                  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
                }),
              },
            });
          }
          return { content: [{ type: 'text', text: answer['confirm'] === true ? `deleted ${args.repo}` : 'kept' }] };
        },
      );
      return server;
    }, { legacy: 'stateless' });
  }

  const confirmTable = (): DefinitionPart[] => [{ tools: [{ definition: { name: 'delete_repo', inputSchema: { type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] } } }] }];

  async function client(onElicitation?: ElicitationHandler): Promise<{ deleteRepo(args: { repo: string }): Promise<string>; close(): Promise<void> }> {
    const handler = confirmingServer();
    return createApiClient(
      { name: 'c', version: '1', methods: { deleteRepo: { tool: 'delete_repo', part: 'part-delete-repo' } }, parts: { 'part-delete-repo': async () => confirmTable()[0]! } },
      { url: 'http://127.0.0.1/mcp', fetch: (input, init) => handler.fetch(new Request(input, init)), ...(onElicitation ? { onElicitation } : {}) },
    );
  }

  it('is answered by onElicitation and the call is retried', async () => {
    const asked: string[] = [];
    const api = await client((request) => {
      asked.push(request.message);
      return { action: 'accept', content: { confirm: true } };
    });
    expect(await api.deleteRepo({ repo: 'octocat/hello' })).toBe('deleted octocat/hello');
    expect(asked).toEqual(['Really delete octocat/hello?']);
    await api.close();
  });

  it('without a handler fails with InputRequiredError saying what was asked', async () => {
    const api = await client();
    const error = await api.deleteRepo({ repo: 'octocat/hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputRequiredError);
    expect((error as InputRequiredError).message).toBe(
      'delete_repo asked for input: "Really delete octocat/hello?" (fields: confirm); pass onElicitation to createClient to answer it',
    );
    expect((error as InputRequiredError).requests).toEqual([{ method: 'elicitation/create', message: 'Really delete octocat/hello?', fields: ['confirm'] }]);
    await api.close();
  });
});
