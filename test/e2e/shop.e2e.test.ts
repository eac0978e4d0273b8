import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformanceScenario } from '../support/conformance.js';
import { SHOP_ITEM, SHOP_PNG, SHOP_SECRETS, shopRoute } from '../support/client-shop.js';
import { buildGeneratedPackage, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';

/**
 * The whole product from the user's side: generate a package from a spec that uses every
 * parameter location, body kind and auth scheme, install and build it, run it over Streamable
 * HTTP and stdio, call every tool through the official MCP client, and check what a real HTTP
 * upstream received and what came back.
 */
const SECRETS = SHOP_SECRETS;
const ITEM = SHOP_ITEM;
const PNG = SHOP_PNG;

let upstream: RecordingUpstream;
let dir: string;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const r = shopRoute(req);
    res.writeHead(r.status, r.type ? { 'content-type': r.type } : {}).end(r.body);
  });
  dir = buildGeneratedPackage('test/fixtures/e2e/shop.3.0.yaml', 'shop-mcp', { __TOKEN_URL__: `${upstream.url}/token` });
}, 240_000);

afterAll(async () => {
  await upstream?.close();
});

type CallResult = { isError?: boolean; content: { type: string; text?: string; data?: string }[]; structuredContent?: unknown };

/** `explicitBaseUrl`: the server was started with --base-url, which then applies to every tool. */
async function exercise(client: Client, explicitBaseUrl: boolean): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['downloadFile', 'listItems', 'createItem', 'getItem', 'deleteItem', 'uploadPhoto', 'placeOrder', 'getReport']);
  const byName = new Map<string, Tool>(tools.map((t) => [t.name, t]));
  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> => {
    upstream.requests.length = 0;
    return (await client.callTool({ name, arguments: args }, { toolDefinition: byName.get(name)! })) as CallResult;
  };
  const only = (): RecordedRequest => {
    const api = upstream.requests.filter((r) => r.url.startsWith('/api/'));
    expect(api).toHaveLength(1);
    return api[0]!;
  };

  // path + query (explode false) + header + cookie, API key in a header
  let r = await call('getItem', { itemId: 7, fields: ['name', 'price'], 'X-Trace-Id': 'trace-1', pref: 'dark mode' });
  expect(r.isError).toBeFalsy();
  expect(r.structuredContent).toEqual(ITEM);
  let got = only();
  expect(got.method).toBe('GET');
  expect(got.url).toBe('/api/items/7?fields=name,price');
  expect(got.headers['x-trace-id']).toBe('trace-1');
  expect(got.headers['x-api-key']).toBe(SECRETS.SHOP_HEADER_KEY);
  expect(got.cookies).toEqual([['pref', 'dark%20mode']]);

  // an upstream error reaches the model as isError with the status
  r = await call('getItem', { itemId: 404 });
  expect(r.isError).toBe(true);
  expect(r.content.map((c) => c.text).join('\n')).toMatch(/404/);
  expect(r.content.map((c) => c.text).join('\n')).toContain('no such item');

  // arrays exploded, deepObject, API key in the query; a non-object result is wrapped
  r = await call('listItems', { tag: ['a', 'b c'], filter: { min: 1, max: 5 } });
  expect(r.structuredContent).toEqual({ result: [ITEM] });
  got = only();
  expect(got.url).toBe(`/api/items?tag=a&tag=b%20c&filter%5Bmin%5D=1&filter%5Bmax%5D=5&api_key=${SECRETS.SHOP_QUERY_KEY}`);

  // JSON body from flattened arguments (readOnly id is not an argument), bearer auth
  r = await call('createItem', { name: 'chair', tags: ['x'] });
  expect(r.structuredContent).toEqual({ ...ITEM, id: 8 });
  got = only();
  expect(got.method).toBe('POST');
  expect(got.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(got.body.toString())).toEqual({ name: 'chair', tags: ['x'] });
  expect(got.headers.authorization).toBe(`Bearer ${SECRETS.SHOP_BEARER_TOKEN}`);

  // multipart with a file from base64, basic auth
  r = await call('uploadPhoto', { itemId: 7, photo: PNG.toString('base64'), caption: 'front' });
  expect(r.isError).toBeFalsy();
  got = only();
  expect(got.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRETS.SHOP_BASIC_USERNAME}:${SECRETS.SHOP_BASIC_PASSWORD}`).toString('base64')}`);
  const form = await new Response(got.body, { headers: { 'content-type': String(got.headers['content-type']) } }).formData();
  const photo = form.get('photo') as Blob;
  expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
  expect(photo.type).toBe('image/png');
  expect(form.get('caption')).toBe('front');

  // form-urlencoded body, OAuth2 client credentials (token fetched from the token URL)
  r = await call('placeOrder', { itemId: 7, quantity: 2 });
  expect(r.structuredContent).toEqual({ orderId: 'o-1' });
  // each server process fetches the token once, on its first call that needs it
  const token = upstream.requests.find((q) => q.url === '/token')!;
  expect(token.method).toBe('POST');
  expect(token.body.toString()).toContain('grant_type=client_credentials');
  expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRETS.SHOP_OAUTH_CLIENT_ID}:${SECRETS.SHOP_OAUTH_CLIENT_SECRET}`).toString('base64')}`);
  got = only();
  expect(got.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  expect(got.body.toString()).toBe('itemId=7&quantity=2');
  expect(got.headers.authorization).toBe('Bearer oauth-token-8');

  // cookie API key, 204
  r = await call('deleteItem', { itemId: 7 });
  expect(r.isError).toBeFalsy();
  got = only();
  expect(got.method).toBe('DELETE');
  expect(got.cookies).toEqual([['shop_session', SECRETS.SHOP_COOKIE_KEY]]);

  // a path argument cannot change the path; text results; no auth
  r = await call('getReport', { name: 'sales/2026' });
  expect(r.isError).toBeFalsy();
  expect(r.content[0]!.text).toContain('day,total');
  got = only();
  expect(got.url).toBe('/api/reports/sales%2F2026');
  expect(got.headers.authorization).toBeUndefined();

  // an operation with its own server goes there (its {port} from the environment), unless
  // --base-url was given; an image answer becomes image content
  r = await call('downloadFile', { fileId: 'f1' });
  expect(r.isError).toBeFalsy();
  expect(r.content[0]).toEqual({ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' });
  expect(upstream.requests.map((q) => q.url)).toEqual([explicitBaseUrl ? '/api/downloads/f1' : '/files/downloads/f1']);

  // arguments are validated against inputSchema before anything is sent
  r = await call('getItem', { itemId: 'seven' });
  expect(r.isError).toBe(true);
  expect(upstream.requests).toHaveLength(0);
}

function assertNoSecrets(text: string): void {
  for (const secret of Object.values(SECRETS)) if (secret.length > 5) expect(text).not.toContain(secret);
}

/**
 * The official client as a host that shows forms: it confirms what the server asks to confirm
 * (deleteItem is destructive; the default `--confirm destructive` asks first, see confirm.e2e.test.ts).
 */
function confirmingClient(): Client {
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
  return client;
}

describe('generated shop server against a recording upstream', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.close());

  it('over Streamable HTTP (MCP 2026-07-28)', async () => {
    server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SECRETS });
    const client = confirmingClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await exercise(client, true);
    await client.close();
    assertNoSecrets(server.stderr());
  }, 60_000);

  it('over stdio', async () => {
    const client = confirmingClient();
    const transport = new StdioClientTransport({
      command: process.execPath,
      // No --base-url: the servers' {port} variable comes from the environment.
      args: [`${dir}/dist/main.js`],
      env: { PATH: process.env.PATH ?? '', ...SECRETS, SHOP_SERVER_PORT: new URL(upstream.url).port },
      stderr: 'pipe',
    });
    await client.connect(transport);
    await exercise(client, false);
    await client.close();
  }, 60_000);

  it('passes the conformance scenarios that apply to any tools-only server', async () => {
    server ??= await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SECRETS });
    const out = mkdtempSync(join(tmpdir(), 'openapi-mcp-conformance-'));
    const scenarios = ['tools-list', 'http-header-validation', 'http-custom-header-server-validation', 'dns-rebinding-protection', 'server-sse-multiple-streams'];
    const runs = await Promise.all(scenarios.map((s) => runConformanceScenario(server!.url, s, out)));
    for (const [i, run] of runs.entries()) {
      expect({ scenario: scenarios[i], failed: run.checks.filter((c) => c.status !== 'SUCCESS' && c.status !== 'INFO') }).toEqual({ scenario: scenarios[i], failed: [] });
      expect(run.checks.filter((c) => c.status === 'SUCCESS').length).toBeGreaterThan(0);
      expect(run.exitCode).toBe(0);
    }
  }, 120_000);

  it('a 2025-11-25 client works on the same HTTP endpoint', async () => {
    server ??= await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SECRETS });
    const client = new Client({ name: 'legacy', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    const r = (await client.callTool({ name: 'getItem', arguments: { itemId: 7 } })) as CallResult;
    expect(r.structuredContent).toEqual(ITEM);
    await client.close();
  }, 60_000);
});
