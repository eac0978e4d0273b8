// The handler call path of manifest tools (templates/runtime/handler-call.gen.ts and its two helpers),
// through the real server: the official client calls tools whose handlers are plain functions here.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usage } from '../../templates/runtime/cli.gen.js';
import { createHandlerCaller, type HandlerTable } from '../../templates/runtime/handler-call.gen.js';
import { ToolError } from '../../templates/runtime/handler-context.gen.js';
import { looksLikeToolResult, notImplemented } from '../../templates/runtime/handler-result.gen.js';
import { serveHttp, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { fixtureConfig } from './server-fixtures.js';

const open = { type: 'object', properties: { n: { type: 'integer' } } };
const noteOut = { type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' } }, required: ['id', 'text'] };
const tool = (name: string, extra: Partial<ToolEntry['definition']> = {}, wrappedIn?: string): ToolEntry => ({
  definition: { name, description: `${name}.`, inputSchema: open, ...extra },
  binding: wrappedIn === undefined ? { kind: 'handler' } : { kind: 'handler', output: { wrappedIn } },
});

const tools: ToolEntry[] = [
  tool('note', { outputSchema: noteOut }),
  tool('numbers', { outputSchema: { type: 'object', properties: { result: { type: 'array', items: { type: 'integer' } } }, required: ['result'] } }, 'result'),
  tool('text'),
  tool('blocks', { outputSchema: noteOut }),
  tool('mixed'),
  tool('bad_output', { outputSchema: noteOut }),
  tool('expected_failure'),
  tool('crash'),
  tool('stub'),
  tool('progress'),
  tool('no_handler'),
];

const logged: string[] = [];
const progressSeen: unknown[] = [];
const handlers: HandlerTable = {
  note: async (args: { n?: number }) => ({ id: args.n ?? 1, text: 'hello' }),
  numbers: async () => [1, 2, 3],
  text: async () => 'plain text',
  blocks: async () => ({ content: [{ type: 'text', text: 'made by hand' }], structuredContent: { id: 7, text: 'x' } }),
  mixed: async () => ({
    content: [
      { type: 'text', text: 'see' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'body' } },
      { type: 'resource_link', uri: 'test://r', name: 'r' },
    ],
  }),
  bad_output: async () => ({ id: 'not a number', text: 'x' }),
  expected_failure: async () => {
    throw new ToolError('no note 9');
  },
  crash: async () => {
    throw new TypeError('secret-token-123 in a message');
  },
  stub: async () => notImplemented('stub'),
  progress: async (_args, ctx) => {
    for (const p of [0, 50, 100]) await ctx.progress(p, 100);
    ctx.log.info('done\nforged line');
    return 'ok';
  },
};

let server: RunningHttpServer;
let client: Client;

beforeAll(async () => {
  const table = buildToolTable(tools);
  const callTool = createHandlerCaller({ handlers, outputValidators: table.outputValidators, name: 'fixture', log: (line) => logged.push(line) });
  server = await serveHttp(createServerFactory(fixtureConfig, table, callTool), { port: 0 });
  client = new Client({ name: 'test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

describe('handler results', () => {
  it('plain data with an outputSchema: structuredContent plus its JSON as text', async () => {
    expect(await call('note', { n: 4 })).toMatchObject({ content: [{ type: 'text', text: '{"id":4,"text":"hello"}' }], structuredContent: { id: 4, text: 'hello' } });
  });

  it('a non-object result is wrapped as the manifest mapping said', async () => {
    expect(await call('numbers')).toMatchObject({ content: [{ type: 'text', text: '[1,2,3]' }], structuredContent: { result: [1, 2, 3] } });
  });

  it('a string without an outputSchema is one text block', async () => {
    const result = await call('text');
    expect(result.content).toEqual([{ type: 'text', text: 'plain text' }]);
    expect(result.structuredContent).toBeUndefined();
  });

  it('a CallToolResult passes through: text, image, embedded resource, resource link', async () => {
    expect((await call('blocks')).content).toEqual([{ type: 'text', text: 'made by hand' }]);
    expect((await call('mixed')).content.map((b) => b.type)).toEqual(['text', 'image', 'resource', 'resource_link']);
  });

  it('output that does not match the schema is an isError result with the data and the reason, not a crash', async () => {
    const result = await call('bad_output');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]).toEqual({ type: 'text', text: '{"id":"not a number","text":"x"}' });
    expect((result.content[1] as { text: string }).text).toMatch(/^\[The handler's result does not match this tool's declared output schema: .*id.*integer/);
  });
});

describe('handler failures', () => {
  it('ToolError: isError with its message, nothing logged', async () => {
    const before = logged.length;
    expect(await call('expected_failure')).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no note 9' }] });
    expect(logged.length).toBe(before);
  });

  it('an unexpected error: isError naming the error, never its message (it may hold a secret), in the result or the log', async () => {
    const result = await call('crash');
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Internal error in the handler of crash (TypeError).' }] });
    expect(JSON.stringify(result)).not.toContain('secret-token-123');
    expect(logged).toContain('fixture: tool crash: the handler failed: TypeError');
    expect(logged.join('\n')).not.toContain('secret-token-123');
  });

  it('--log debug (for development) logs the stack, message included; the client still gets only the name', async () => {
    const lines: string[] = [];
    const debugCall = createHandlerCaller({ handlers, name: 'fixture', log: (line) => lines.push(line), debug: true });
    const crash = tools.find((t) => t.definition.name === 'crash')!;
    const result = await debugCall(crash, {}, undefined, undefined, undefined);
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Internal error in the handler of crash (TypeError).' }] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^fixture: tool crash: the handler failed: TypeError: secret-token-123 in a message\n\s+at /);
  });

  it('the stub answers a clear "not implemented"', async () => {
    expect(await call('stub')).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Tool "stub" is not implemented yet: write its handler in src/handlers/stub.ts.' }] });
  });

  it('a tool without a handler answers so', async () => {
    expect(await call('no_handler')).toMatchObject({ isError: true, content: [{ type: 'text', text: 'tool no_handler has no handler (src/handlers/no_handler.ts)' }] });
  });

  it('arguments are validated before the handler runs', async () => {
    const result = await call('note', { n: 'four' });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/Input validation error/);
  });
});

describe('handler context', () => {
  it('progress reaches the client when it asked for it; log lines stay single lines', async () => {
    const result = await client.callTool({ name: 'progress', arguments: {} }, { onprogress: (p) => progressSeen.push(p) });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(progressSeen).toEqual([{ progress: 0, total: 100 }, { progress: 50, total: 100 }, { progress: 100, total: 100 }]);
    expect(logged).toContain('fixture: tool progress: info: done forged line');
  });
});

describe('looksLikeToolResult', () => {
  it.each([
    { given: { content: [{ type: 'text', text: 'x' }] }, want: true },
    { given: { content: [], isError: true }, want: true },
    { given: { content: [{ type: 'text', text: 'x' }], other: 1 }, want: false },
    { given: { content: 'text' }, want: false },
    { given: { content: [{ text: 'no type' }] }, want: false },
    { given: [1, 2], want: false },
    { given: 'text', want: false },
  ])('$given → $want', ({ given, want }) => {
    expect(looksLikeToolResult(given)).toBe(want);
  });
});

describe('--help of a handler package', () => {
  it('names no upstream: no --base-url, no base URL or timeout variables', () => {
    const text = usage(fixtureConfig, 11, true);
    expect(text.split('\n')[0]).toBe('Usage: fixture-api-mcp [--http [--port N] [--host H]] [--env-file PATH] [--scopes LIST] [--toolsets A,B] [--tools N,M] [--read-only] [--tools-mode static|dynamic]');
    expect(text).not.toMatch(/base-url|BASE_URL|TIMEOUT_MS/);
    expect(text).toContain('FIXTURE_API_CONFIRM');
    expect(usage(fixtureConfig, 11)).toContain('--base-url URL');
  });
});
