import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main, type RunningServer } from '../../templates/runtime/cli.gen.js';
import { defineHooks } from '../../templates/runtime/hooks.gen.js';
import { ERROR_META_KEY } from '../../templates/runtime/result.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { fixtureConfig, upstreamTools } from './server-fixtures.js';

/** The hooks wired by `main`: overrides applied once at start-up, request hooks on every call, over real HTTP. */
let upstream: RecordingUpstream;
let server: RunningServer | undefined;
let client: Client;
const log: string[] = [];

const hooks = defineHooks({
  beforeRequest(ctx) {
    ctx.request.headers.set('X-Hooked', `${ctx.tool}/${ctx.generatedName}`);
  },
  tools: {
    get_item: { name: 'fetch_item', description: 'Fetches one item.', annotations: { readOnlyHint: true } },
    no_such_tool: { description: 'ignored' },
  },
});

beforeAll(async () => {
  upstream = await startUpstream((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: req.url.split('/').at(-1) })));
  server = await main({
    config: fixtureConfig,
    tools: upstreamTools,
    hooks,
    argv: ['--http', '--port', '0', '--base-url', `${upstream.url}/api`],
    env: {},
    log: (line) => void log.push(line),
    handleSignals: false,
  });
  client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(server!.url!)));
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

describe('main with hooks', () => {
  it('warns once at start-up about an override for an unknown tool', () => {
    expect(log).toEqual([
      'fixture-api-mcp: hooks.tools: there is no tool "no_such_tool"; its override is ignored (keys are the generated names, as in README.md)',
      expect.stringMatching(/^fixture-api-mcp 1\.2\.3: MCP over Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp, 1 tool, no authentication$/),
    ]);
  });

  it('tools/list shows the new name, description and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map(({ name, description, annotations }) => ({ name, description, annotations }))).toEqual([
      { name: 'fetch_item', description: 'Fetches one item.', annotations: { readOnlyHint: true } },
    ]);
  });

  it('the renamed tool is called by its new name, through beforeRequest', async () => {
    const result = await client.callTool({ name: 'fetch_item', arguments: { id: 'i7' } });
    expect(result.structuredContent).toEqual({ id: 'i7' });
    expect(upstream.requests.map((r) => [r.url, r.headers['x-hooked']])).toEqual([['/api/items/i7', 'fetch_item/get_item']]);
  });

  it('its arguments are still validated', async () => {
    const result = await client.callTool({ name: 'fetch_item', arguments: { id: 7 } });
    expect(result.isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });

  it('the generated name is no longer a tool', async () => {
    const result = await client.callTool({ name: 'get_item', arguments: { id: 'i7' } }).catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('get_item');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('main with a failing hook', () => {
  it('answers isError naming the hook and logs one line', async () => {
    const lines: string[] = [];
    const failing = await main({
      config: fixtureConfig,
      tools: upstreamTools,
      hooks: { beforeRequest: () => Promise.reject(new Error('not today')) },
      argv: ['--http', '--port', '0', '--base-url', `${upstream.url}/api`],
      env: {},
      log: (line) => void lines.push(line),
      handleSignals: false,
    });
    const c = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    try {
      await c.connect(new StreamableHTTPClientTransport(new URL(failing!.url!)));
      const result = await c.callTool({ name: 'get_item', arguments: { id: 'i7' } });
      expect(result.content).toEqual([{ type: 'text', text: 'hooks.beforeRequest failed: not today' }]);
      expect([result.isError, result._meta?.[ERROR_META_KEY]]).toEqual([true, 'hook']);
      expect(lines.slice(1)).toEqual(['fixture-api-mcp: tool "get_item": hooks.beforeRequest failed: not today']);
      expect(upstream.requests).toHaveLength(0);
    } finally {
      await c.close();
      await failing?.close();
    }
  });
});
