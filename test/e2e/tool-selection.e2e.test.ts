import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_ITEM, SHOP_SECRETS, shopRoute } from '../support/client-shop.js';
import { buildGeneratedPackage, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { REPO_ROOT } from '../support/run-cli.js';

/**
 * Choosing tools at start (--toolsets, --tools, --read-only, --list-toolsets and their environment
 * variables) and dynamic mode (search_tools → describe_tools → call_tool) from the user's side: a
 * generated package, built and started as a user would, driven by the official MCP client against
 * a real HTTP upstream. call_tool must answer exactly what the same call answers in static mode.
 */
let upstream: RecordingUpstream;
let dir: string;
const servers: RunningServer[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const r = shopRoute(req);
    res.writeHead(r.status, r.type ? { 'content-type': r.type } : {}).end(r.body);
  });
  dir = buildGeneratedPackage('test/fixtures/e2e/shop.3.0.yaml', 'shop-mcp', { __TOKEN_URL__: `${upstream.url}/token` });
}, 240_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  for (const server of servers) await server.close();
  await upstream?.close();
});

const ALL = ['downloadFile', 'listItems', 'createItem', 'getItem', 'deleteItem', 'uploadPhoto', 'placeOrder', 'getReport'];

/** `node dist/main.js …` to its end: exit code, stdout, stderr. */
function runServer(args: string[], env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['dist/main.js', ...args], { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`, ...args], { ...process.env, ...SHOP_SECRETS, ...env });
  servers.push(server);
  const client = new Client({ name: 'tool-selection-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  clients.push(client);
  return client;
}

const names = async (client: Client): Promise<string[]> => (await client.listTools()).tools.map((t) => t.name);

describe("the README's terminal client", () => {
  it('the Inspector CLI command it shows lists the tools (run with the repository\'s Inspector instead of npx)', () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const shown = /`(npx @modelcontextprotocol\/inspector --cli [^`]*)`/.exec(readme)?.[1];
    expect(shown).toBe('npx @modelcontextprotocol/inspector --cli node dist/main.js --method tools/list');
    const args = shown!.split(' ').slice(2);
    const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/mcp-inspector'), args, { cwd: dir, encoding: 'utf8', timeout: 30_000, env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` } });
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name).sort()).toEqual([...ALL].sort());
  });

  it('over HTTP with SHOP_MCP_TOKEN set, the Inspector entry it shows lists the tools; without the header the call fails', async () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const shown = /\| MCP Inspector \| `(npx @modelcontextprotocol\/inspector --cli http[^`]*)` \|/.exec(readme)?.[1];
    expect(shown).toBe('npx @modelcontextprotocol/inspector --cli http://127.0.0.1:3000/mcp --header "Authorization: Bearer <token>" --method tools/list');
    const token = 'e2e-endpoint-token-0123456789abcdef';
    const server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SHOP_SECRETS, SHOP_MCP_TOKEN: token });
    servers.push(server);
    // The shown words, as a shell splits them, with this server's URL and token.
    const words = shown!.match(/"[^"]*"|\S+/g)!.map((w) => w.replace(/^"|"$/g, '').replace('http://127.0.0.1:3000/mcp', server.url).replace('<token>', token));
    const inspector = (args: string[]) => spawnSync(join(REPO_ROOT, 'node_modules/.bin/mcp-inspector'), args, { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    const r = inspector(words.slice(2));
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name).sort()).toEqual([...ALL].sort());
    const without = words.slice(2).filter((w, i, all) => w !== '--header' && all[i - 1] !== '--header');
    const refused = inspector(without);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('auth_required');
  });
});

describe('choosing tools at start', () => {
  it('--list-toolsets prints each toolset with its tools (untagged: the first path segment)', () => {
    const r = runServer(['--list-toolsets']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'toolset    tools  read-only  tokens  description',
        'downloads      1          1      75',
        'items          5          2     649',
        'orders         1          0      81',
        'reports        1          1      61',
        '4 toolsets, 8 of 8 tools selected, 870 tokens in a static tools/list',
        '',
      ].join('\n'),
    );
    // The generator's count of the same list, as the package's README gives it.
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('The whole `tools/list` answer is 870 tokens');
  });

  it('unknown names are one line naming the close matches (all of them, and the variable they came from), exit code 2', () => {
    expect(runServer(['--toolsets', 'item'])).toEqual({ code: 2, stdout: '', stderr: 'shop-mcp: unknown toolset "item" (--toolsets); close matches: items\n' });
    expect(runServer(['--tools', 'getitem,placeOrder'])).toEqual({ code: 2, stdout: '', stderr: 'shop-mcp: unknown tool "getitem" (--tools); close matches: getItem\n' });
    expect(runServer(['--tools', 'getitem,placeOrder,nope'])).toEqual({ code: 2, stdout: '', stderr: 'shop-mcp: unknown tools (--tools): "getitem" (close matches: getItem); "nope" (no close match)\n' });
    expect(runServer([], { SHOP_TOOLSETS: 'ordres' })).toEqual({ code: 2, stdout: '', stderr: 'shop-mcp: unknown toolset "ordres" (SHOP_TOOLSETS); close matches: orders\n' });
    expect(runServer(['--tools-mode', 'lazy']).stderr).toBe('shop-mcp: --tools-mode must be static or dynamic, got "lazy". Try --help.\n');
    expect(runServer([], { SHOP_READ_ONLY: 'maybe' }).stderr).toBe('shop-mcp: SHOP_READ_ONLY must be true, false, 1, 0, yes, no, on or off, got "maybe". Try --help.\n');
  });

  it('a selection that leaves no tools does not start: one line saying why, exit code 2', () => {
    expect(runServer(['--read-only', '--tools', 'placeOrder'])).toEqual({ code: 2, stdout: '', stderr: 'shop-mcp: --read-only leaves none of the selected tools (placeOrder is not read-only)\n' });
  });

  it('--host-config carries the selection into the entry it prints, repeated flags merged', () => {
    const r = runServer(['--host-config', 'claude-desktop', '--toolsets', 'items', '--read-only', '--toolsets', 'orders']);
    expect(r.code).toBe(0);
    const entry = (JSON.parse(r.stdout) as { mcpServers: Record<string, { args: string[] }> }).mcpServers['shop-mcp']!;
    expect(entry.args).toEqual([join(dir, 'dist/main.js'), '--toolsets', 'items,orders', '--read-only']);
  });

  it('the environment variables select as the flags do; a flag wins', () => {
    const r = runServer(['--list-toolsets'], { SHOP_TOOLSETS: 'orders,reports' });
    expect(r.stdout).toContain('2 of 8 tools selected');
    expect(runServer(['--list-toolsets', '--toolsets', 'items'], { SHOP_TOOLSETS: 'orders' }).stdout).toContain('5 of 8 tools selected');
    expect(runServer(['--list-toolsets'], { SHOP_READ_ONLY: 'true' }).stdout).toContain('4 of 8 tools selected');
  });

  it('serves only the selected tools in static mode', async () => {
    const [byToolset, readOnly, exact, fromEnv] = await Promise.all([
      connect(['--toolsets', 'items']),
      connect(['--read-only']),
      connect(['--tools', 'placeOrder,getItem']),
      connect([], { SHOP_TOOLSETS: 'items', SHOP_TOOLS: 'getReport', SHOP_READ_ONLY: '1' }),
    ]);
    expect(await names(byToolset)).toEqual(['listItems', 'createItem', 'getItem', 'deleteItem', 'uploadPhoto']);
    expect(await names(readOnly)).toEqual(['downloadFile', 'listItems', 'getItem', 'getReport']);
    expect(await names(exact)).toEqual(['getItem', 'placeOrder']);
    expect(await names(fromEnv)).toEqual(['listItems', 'getItem', 'getReport']);
    // A tool that is not selected cannot be called either.
    await expect(readOnly.callTool({ name: 'deleteItem', arguments: { itemId: 7 } })).rejects.toThrow('Tool deleteItem not found');
  });
});

type Result = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown>; _meta?: unknown };

describe('dynamic mode', () => {
  let dynamic: Client;
  let staticClient: Client;
  beforeAll(async () => {
    [dynamic, staticClient] = await Promise.all([connect(['--tools-mode', 'dynamic']), connect([])]);
  }, 60_000);

  const meta = async (name: string, args: Record<string, unknown>, client = dynamic): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

  it('lists exactly search_tools, describe_tools and call_tool, naming the API and its toolsets', async () => {
    const { tools } = await dynamic.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_tools', 'describe_tools', 'call_tool']);
    const search = tools[0]!;
    expect(search.description).toContain('of this API (Shop).');
    expect(search.description).toContain('- items (5)');
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'limit', 'toolset']);
    expect(tools[1]!.inputSchema.required).toEqual(['names']);
    expect(tools[2]!.inputSchema.required).toEqual(['name', 'arguments']);
  });

  it('search_tools finds tools best match first, within a toolset when asked', async () => {
    const found = await meta('search_tools', { query: 'remove an item' }); // the spec says DELETE, not remove
    expect(found.isError).toBeUndefined();
    const tools = found.structuredContent!.tools as { name: string; description: string; toolset?: string }[];
    expect(tools[0]).toEqual({ name: 'deleteItem', description: 'DELETE /items/{itemId}', toolset: 'items' });
    const orders = (await meta('search_tools', { query: 'item', toolset: 'orders', limit: 5 })).structuredContent!.tools as { name: string }[];
    expect(orders.map((t) => t.name)).toEqual(['placeOrder']);
    const bad = await meta('search_tools', { query: 'item', toolset: 'order' });
    expect(bad).toMatchObject({ isError: true, content: [{ type: 'text', text: 'unknown toolset "order"; close matches: orders' }] });
    // Worded for the model: it cannot run --list-toolsets.
    expect((await meta('search_tools', { query: 'item', toolset: 'admin' })).content[0]!.text).toBe("unknown toolset \"admin\"; use one that search_tools' description lists, or leave toolset out to search every tool");
    const tooMany = await meta('search_tools', { query: 'item', limit: 51 });
    expect(tooMany.isError).toBe(true);
  });

  it('describe_tools gives each tool exactly as static mode lists it', async () => {
    const listed = (await staticClient.listTools()).tools.filter((t) => t.name === 'getItem' || t.name === 'placeOrder');
    const described = await meta('describe_tools', { names: ['placeOrder', 'getItem'] });
    expect(described.structuredContent!.tools).toEqual([listed[1], listed[0]]);
    const twice = await meta('describe_tools', { names: ['getItem', 'placeOrder', 'getItem'] });
    expect(twice.structuredContent!.tools).toEqual([listed[0], listed[1]]);
    const unknown = await meta('describe_tools', { names: ['getItems'] });
    expect(unknown).toMatchObject({ isError: true, content: [{ text: 'Unknown tool "getItems"; close matches: getItem' }] });
  });

  it('call_tool gives the same result as the static call: success, upstream error, bad arguments', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['getItem', { itemId: 7, fields: ['name'] }],
      ['getItem', { itemId: 404 }],
      ['getItem', { itemId: 'seven' }],
      ['createItem', { name: 'lamp', tags: ['desk'] }],
      ['placeOrder', { itemId: 7 }],
    ];
    for (const [name, args] of cases) {
      const viaStatic = await meta(name, args, staticClient);
      const viaDynamic = await meta('call_tool', { name, arguments: args });
      expect(viaDynamic, `${name} ${JSON.stringify(args)}`).toEqual(viaStatic);
    }
    expect((await meta('call_tool', { name: 'getItem', arguments: { itemId: 7 } })).structuredContent).toEqual(SHOP_ITEM);
    expect((await meta('call_tool', { name: 'getItem', arguments: { itemId: 404 } })).isError).toBe(true);
    // Bad arguments in words a model can act on (argument-errors.gen.ts), the same in both modes (above).
    const bad = await meta('call_tool', { name: 'getItem', arguments: { itemid: 7 } });
    expect(bad.content[0]!.text).toBe('Input validation error: Invalid arguments for tool getItem: unknown argument "itemid" (this tool takes: itemId, fields, X-Trace-Id, pref)');
    const unknown = await meta('call_tool', { name: 'deleteItems', arguments: {} });
    expect(unknown).toMatchObject({ isError: true, content: [{ text: 'Unknown tool "deleteItems"; close matches: deleteItem' }] });
  });

  it('selection applies in dynamic mode too', async () => {
    const readOnly = await connect(['--tools-mode', 'dynamic', '--read-only']);
    const found = (await meta('search_tools', { query: 'delete an item' }, readOnly)).structuredContent!.tools as { name: string }[];
    expect(found.map((t) => t.name)).not.toContain('deleteItem');
    const call = await meta('call_tool', { name: 'deleteItem', arguments: { itemId: 7 } }, readOnly);
    expect(call.isError).toBe(true);
    expect(call.content[0]!.text).toMatch(/^Unknown tool "deleteItem"/);
    const fromEnv = await connect([], { SHOP_TOOLS_MODE: 'dynamic', SHOP_TOOLSETS: 'orders' });
    expect(await names(fromEnv)).toEqual(['search_tools', 'describe_tools', 'call_tool']);
    const only = (await meta('search_tools', { query: 'item' }, fromEnv)).structuredContent!.tools as { name: string }[];
    expect(only.map((t) => t.name)).toEqual(['placeOrder']);
  });
});

it('every tool name of the shop is served by default', async () => {
  const client = await connect([]);
  expect(await names(client)).toEqual(ALL);
});
