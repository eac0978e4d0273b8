import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_ITEM, SHOP_SECRETS, shopRoute, type ShopClientModule } from '../support/client-shop.js';
import { buildGeneratedPackage, run, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { runCli } from '../support/run-cli.js';

/**
 * `generate --client-only`: a package holding just the typed client, for an app that calls an
 * MCP server someone else runs. It installs and builds with one dependency, and its client talks
 * to a server generated (separately) from the same spec.
 */
let upstream: RecordingUpstream;
let serverDir: string;
let clientDir: string;
let server: RunningServer;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const r = shopRoute(req);
    res.writeHead(r.status, r.type ? { 'content-type': r.type } : {}).end(r.body);
  });
  clientDir = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-e2e-client-only-')), 'shop-client');
  const gen = runCli(['generate', 'test/fixtures/e2e/shop.3.0.yaml', '--client-only', '--out', clientDir]);
  if (gen.code !== 0) throw new Error(`generate --client-only failed:\n${gen.stderr}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], clientDir);
  run('npm', ['run', 'build'], clientDir);
  serverDir = buildGeneratedPackage('test/fixtures/e2e/shop.3.0.yaml', 'shop-mcp', { __TOKEN_URL__: `${upstream.url}/token` });
  server = await startHttpServer(serverDir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SHOP_SECRETS });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

function files(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' || e.name === 'dist' ? [] : e.isDirectory() ? files(dir, join(base, e.name)) : [join(base, e.name)],
  );
}

describe('openapi-mcp generate --client-only', () => {
  it('writes only the client: no server, no server runtime, one dependency', () => {
    const written = files(clientDir).sort();
    // (package-lock.json is npm install's)
    expect(written.filter((f) => !f.startsWith('src/client/'))).toEqual(['.gitignore', '.openapi-mcp-manifest.json', 'README.md', 'package-lock.json', 'package.json', 'tsconfig.json']);
    expect(written).toContain('src/client/index.ts');
    expect(written).toContain('src/client/definitions/part-first.gen.ts');
    const pkg = JSON.parse(readFileSync(join(clientDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['name']).toBe('shop-mcp-client');
    expect(pkg['bin']).toBeUndefined();
    expect(pkg['dependencies']).toEqual({ '@modelcontextprotocol/client': '2.4.0' });
    expect(pkg['exports']).toEqual({
      '.': { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
      './client': { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
    });
    // The build emitted the entry and its types.
    expect(existsSync(join(clientDir, 'dist/client/index.js'))).toBe(true);
    expect(existsSync(join(clientDir, 'dist/client/index.d.ts'))).toBe(true);
    const sdk = readdirSync(join(clientDir, 'node_modules/@modelcontextprotocol'));
    expect(sdk).toContain('client');
    expect(sdk.filter((p) => p === 'server' || p === 'node')).toEqual([]);
  });

  it('its client calls a server generated from the same spec', async () => {
    const { createClient, ToolCallError } = (await import(pathToFileURL(join(clientDir, 'dist/client/index.js')).href)) as ShopClientModule;
    const api = await createClient({ url: server.url });
    expect(await api.getItem({ itemId: 7 })).toEqual(SHOP_ITEM);
    expect(await api.listItems()).toEqual([SHOP_ITEM]);
    const error = await api.getItem({ itemId: 404 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ tool: 'getItem', status: 404 });
    await api.close();
  }, 60_000);
});
