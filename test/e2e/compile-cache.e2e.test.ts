import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage } from '../support/generated-package.js';

/**
 * V8's compile cache (templates/runtime/compile-cache.gen.ts): the generated bin turns it on before
 * it loads the SDK, zod and the runtime, writes it once the server serves, and never fails to
 * start because of it. A built package started as a host starts it, driven by the official client.
 */
const NAME = 'cache-pets-mcp';
const STARTED = `${NAME}: credentials are sent to petstore.example.com (base URL)\n${NAME}: no credentials are set, so calls that need them fail (set CACHE_PETS_API_KEY)\n${NAME} 1.0.0: MCP over stdio, 4 tools behind search_tools, describe_tools and call_tool (dynamic mode)\n`;
let dir: string;
let scratch: string;

beforeAll(() => {
  dir = buildGeneratedPackage('examples/petstore/petstore.yaml', NAME);
  scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-compile-cache-'));
}, 240_000);

/** The environment of a start: the test's own, without any compile-cache setting, plus `extra`. */
function env(extra: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('NODE_COMPILE_CACHE') && key !== 'NODE_DISABLE_COMPILE_CACHE') base[key] = value;
  return { ...base, ...extra };
}

/** Starts `node dist/main.js --tools-mode dynamic` over stdio, lists the tools; `end` stops it. */
async function listTools(extra: Record<string, string>, end: (transport: StdioClientTransport, client: Client) => Promise<void> = (_, client) => client.close()): Promise<{ names: string[]; stderr: string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/main.js', '--tools-mode', 'dynamic'], cwd: dir, env: env(extra), stderr: 'pipe' });
  let stderr = '';
  const stream = transport.stderr!;
  stream.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<void>((resolve) => stream.once('end', () => resolve()));
  const client = new Client({ name: 'compile-cache-e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  const { tools } = await client.listTools();
  await end(transport, client);
  await ended;
  return { names: tools.map((t) => t.name), stderr };
}

const DYNAMIC = ['search_tools', 'describe_tools', 'call_tool'];

/** Files in Node's cache directory under `root` (one directory per Node version and arch). */
function cacheEntries(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((version) => readdirSync(join(root, version)));
}

describe('the compile cache', () => {
  it('is on by default, in os.tmpdir(), and written once the server serves (before it is killed)', async () => {
    const tmp = mkdtempSync(join(scratch, 'default-'));
    // SIGKILL as soon as tools/list is answered: no exit handler runs, so what is there was flushed at start.
    const started = await listTools({ TMPDIR: tmp }, async (transport) => {
      process.kill(transport.pid!, 'SIGKILL');
    });
    expect(started.names).toEqual(DYNAMIC);
    // The SDK, zod and the runtime are well over 100 modules; a bin importing them before the cache is on caches none.
    expect(cacheEntries(join(tmp, 'node-compile-cache')).length).toBeGreaterThan(100);
    const again = await listTools({ TMPDIR: tmp });
    expect(again.names).toEqual(DYNAMIC);
  }, 60_000);

  it('is off with NODE_DISABLE_COMPILE_CACHE=1, and the server starts as usual', async () => {
    const tmp = mkdtempSync(join(scratch, 'off-'));
    const started = await listTools({ TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(started.names).toEqual(DYNAMIC);
    expect(existsSync(join(tmp, 'node-compile-cache'))).toBe(false);
    expect(started.stderr).toBe(STARTED);
  }, 60_000);

  it('in a directory that cannot be written, the server starts as usual and says nothing of it', async () => {
    // Read-only for anyone but root; below a regular file, for root too.
    const readOnly = join(scratch, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    for (const cacheDir of [join(readOnly, 'cache'), join(file, 'cache')]) {
      const started = await listTools({ TMPDIR: mkdtempSync(join(scratch, 'unwritable-')), NODE_COMPILE_CACHE: cacheDir });
      expect(started.names).toEqual(DYNAMIC);
      expect(started.stderr).toBe(STARTED);
    }
  }, 60_000);
});
