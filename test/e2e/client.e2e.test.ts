import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { typeCheckReadmeClient } from '../support/readme-client.js';
import { startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';
import { SHOP_ITEM, SHOP_SECRETS, shopRoute, type ShopClient, type ShopClientModule } from '../support/client-shop.js';

/**
 * The generated typed client from the user's side: the shop package is generated, installed and
 * built; its client (`shop-mcp/client`, dist/client/index.js) calls its own server over
 * Streamable HTTP and over stdio against a recording upstream; and consumer files are
 * type-checked against the package's published types.
 */
let upstream: RecordingUpstream;
let dir: string;
let client: ShopClientModule;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const r = shopRoute(req);
    res.writeHead(r.status, r.type ? { 'content-type': r.type } : {}).end(r.body);
  });
  // Full output schemas: the consumer files check result types against the response schemas.
  dir = buildGeneratedPackage('test/fixtures/e2e/shop.3.0.yaml', 'shop-mcp', { __TOKEN_URL__: `${upstream.url}/token` }, ['--output-schema', 'full']);
  client = (await import(pathToFileURL(join(dir, 'dist/client/index.js')).href)) as ShopClientModule;
}, 240_000);

afterAll(async () => {
  await upstream?.close();
});

function apiRequests(): RecordedRequest[] {
  return upstream.requests.filter((r) => r.url.startsWith('/api/'));
}

/** The same calls over either transport: results are the upstream's JSON, errors typed. */
async function exercise(api: ShopClient): Promise<void> {
  upstream.requests.length = 0;
  expect(await api.getItem({ itemId: 7, fields: ['name', 'price'], 'X-Trace-Id': 'trace-1' })).toEqual(SHOP_ITEM);
  expect(apiRequests().map((r) => r.url)).toEqual(['/api/items/7?fields=name,price']);
  expect(apiRequests()[0]!.headers['x-trace-id']).toBe('trace-1');

  // A JSON array the server wrapped as { result: [...] } comes back as the array.
  expect(await api.listItems({ tag: ['a'] })).toEqual([SHOP_ITEM]);
  expect(await api.listItems()).toEqual([SHOP_ITEM]);
  expect(await api.createItem({ name: 'chair', tags: ['x'] })).toEqual({ ...SHOP_ITEM, id: 8 });
  expect(await api.placeOrder({ itemId: 7, quantity: 2 })).toEqual({ orderId: 'o-1' });
  // No outputSchema: the text.
  expect(await api.getReport({ name: 'sales/2026' })).toBe('day,total\n1,10\n');

  // An upstream error is a ToolCallError with the tool, the status and the upstream's message.
  const error = await api.getItem({ itemId: 404 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(client.ToolCallError);
  expect(error).toMatchObject({ name: 'ToolCallError', tool: 'getItem', status: 404, message: 'getItem: HTTP 404 Not Found: {"message":"no such item"}' });

  // Arguments the server rejects fail the same way, before anything reaches the upstream.
  upstream.requests.length = 0;
  const invalid = await api.getItem({ itemId: 0 }).catch((e: unknown) => e);
  expect(invalid).toBeInstanceOf(client.ToolCallError);
  expect((invalid as { status: unknown }).status).toBeUndefined();
  expect(apiRequests()).toEqual([]);
}

describe('generated typed client', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.close());

  it('over Streamable HTTP: mirrors Mcp-Param headers from its own definitions, no tools/list', async () => {
    server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SHOP_SECRETS });
    const seen: { method: string | null; params: Record<string, string> }[] = [];
    const api = await client.createClient({
      url: server.url,
      fetch: async (input: string | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        const params: Record<string, string> = {};
        headers.forEach((value, key) => {
          if (key.startsWith('mcp-param-')) params[key] = value;
        });
        seen.push({ method: headers.get('mcp-method'), params });
        return fetch(input, init);
      },
    });
    await exercise(api);
    expect(seen.filter((s) => s.method === 'tools/list')).toEqual([]);
    expect(seen.find((s) => s.method === 'tools/call')).toEqual({ method: 'tools/call', params: { 'mcp-param-itemid': '7', 'mcp-param-x-trace-id': 'trace-1' } });
    await api.close();
  }, 60_000);

  it('against a server in dynamic mode (only search_tools, describe_tools, call_tool): every method works, through call_tool', async () => {
    const api = await client.createClient({
      command: process.execPath,
      args: [join(dir, 'dist/main.js'), '--tools-mode', 'dynamic'],
      env: { ...SHOP_SECRETS, SHOP_SERVER_PORT: new URL(upstream.url).port },
      stderr: 'pipe',
    });
    try {
      await exercise(api);
    } finally {
      await api.close();
    }
  });

  it('a tool the server does not serve (and no call_tool to go through) fails with the server\'s own error', async () => {
    const api = await client.createClient({
      command: process.execPath,
      args: [join(dir, 'dist/main.js'), '--tools', 'listItems'],
      env: { ...SHOP_SECRETS, SHOP_SERVER_PORT: new URL(upstream.url).port },
      stderr: 'pipe',
    });
    try {
      await expect(api.getItem({ itemId: 7 })).rejects.toThrow('Tool getItem not found');
      expect(await api.listItems()).toEqual([SHOP_ITEM]);
    } finally {
      await api.close();
    }
  });

  it('over stdio: starts the server with the given env', async () => {
    const api = await client.createClient({
      command: process.execPath,
      args: [join(dir, 'dist/main.js')],
      env: { ...SHOP_SECRETS, SHOP_SERVER_PORT: new URL(upstream.url).port },
      stderr: 'pipe',
    });
    await exercise(api);
    await api.close();
  }, 60_000);
});

describe('generated client types (tsc on consumer files importing shop-mcp/client)', () => {
  const consumer = (name: string, body: string): void => {
    writeFileSync(join(dir, 'consumer', name), `import { createClient, ToolCallError, type GetItemResult, type Schemas } from 'shop-mcp/client';\n\nconst api = await createClient({ url: 'http://127.0.0.1:3000/mcp' });\n${body}\nexport {};\n`);
  };
  /** tsc on consumer files: exit code and the `TSxxxx` codes of the errors, by file. */
  const check = (files: string[]): { status: number | null; codes: Record<string, string[]>; output: string } => {
    writeFileSync(join(dir, 'consumer', 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023'], types: ['node'], strict: true, noEmit: true, skipLibCheck: false },
      files,
    }));
    const r = spawnSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'consumer/tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    const output = r.stdout + r.stderr;
    const codes: Record<string, string[]> = {};
    for (const m of output.matchAll(/^consumer\/([\w-]+\.ts)\(\d+,\d+\): error (TS\d+)/gm)) (codes[m[1]!] ??= []).push(m[2]!);
    return { status: r.status, codes, output };
  };

  beforeAll(() => {
    mkdirSync(join(dir, 'consumer'), { recursive: true });
    consumer('ok.ts', `
const item: GetItemResult = await api.getItem({ itemId: 7, fields: ['name'], 'X-Trace-Id': 't' });
const id: number = item.id;
const price: number | null | undefined = item.price;
const items: Schemas.Item[] = await api.listItems();
const all = await api.listItems({ tag: ['a'], filter: { min: 1 } });
const first: string | undefined = all[0]?.name;
const text: string = await api.getReport({ name: 'x' }, { timeout: 5_000 });
try {
  await api.deleteItem({ itemId: 7 });
} catch (error) {
  if (error instanceof ToolCallError) console.log(error.tool, error.status satisfies number | undefined);
}
await api.close();
console.log(id, price, items, first, text);`);
    consumer('wrong-type.ts', "await api.getItem({ itemId: 'seven' });");
    consumer('missing-required.ts', "await api.placeOrder({ itemId: 7 });");
    consumer('wrong-result.ts', 'const name: string = await api.getItem({ itemId: 7 });\nconsole.log(name);');
    consumer('unknown-method.ts', 'await api.getItems({ itemId: 7 });');
  });

  it("the README's typed-client example compiles in the package", () => {
    const r = typeCheckReadmeClient(dir, 'Typed client');
    expect(r.snippet).toContain('const result = await api.');
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);

  it('a correct consumer compiles (exit 0)', () => {
    const r = check(['ok.ts']);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);

  it('wrong calls do not compile: a wrong argument type, a missing required argument, a wrong result type, an unknown method', () => {
    const r = check(['wrong-type.ts', 'missing-required.ts', 'wrong-result.ts', 'unknown-method.ts']);
    expect(r.codes).toEqual({
      // Type 'string' is not assignable to type 'number'.
      'wrong-type.ts': ['TS2322'],
      // Property 'quantity' is missing in type '{ itemId: number; }' but required in type 'PlaceOrderArgs'.
      'missing-required.ts': ['TS2741'],
      // The result is typed (not any): an object is not a string.
      'wrong-result.ts': ['TS2322'],
      // Property 'getItems' does not exist … Did you mean 'getItem'?
      'unknown-method.ts': ['TS2551'],
    });
    expect(r.status).not.toBe(0);
  }, 60_000);
});
