import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_MS, serveHttp, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, fixtureConfig, fixtureTools } from './server-fixtures.js';

/**
 * A host that lists tools and then keeps its event loop busy (the official client compiles an
 * output validator per listed tool before the first call: seconds on a big API) must still get
 * its first call through. With Node's default 5 s keep-alive the server closed the idle connection
 * during the pause, the busy client never saw the FIN and sent on the dead socket: "fetch failed:
 * other side closed". The client runs in its own process, as a host does, so its pause does not
 * pause the server.
 */
const CLIENT = `
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
const [url, pauseMs] = process.argv.slice(2);
const client = new Client({ name: 'busy-host', version: '1' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
await client.listTools();
const until = Date.now() + Number(pauseMs);
while (Date.now() < until) {} // busy, like Ajv code generation: no I/O callbacks run
try {
  const result = await client.callTool({ name: 'get_item', arguments: { id: 'a1' } });
  console.log(JSON.stringify({ ok: true, structured: result.structuredContent }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error), cause: String(error?.cause ?? '') }));
}
await client.close();
`;

let server: RunningHttpServer;
let script: string;
let scriptDir: string;

beforeAll(async () => {
  server = await serveHttp(createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller()), { port: 0 });
  // In the repo, so the client package resolves from node_modules.
  scriptDir = mkdtempSync(join(process.cwd(), 'node_modules', '.keep-alive-'));
  script = join(scriptDir, 'client.mjs');
  writeFileSync(script, CLIENT);
});
afterAll(async () => {
  await server?.close();
  rmSync(scriptDir, { recursive: true, force: true });
});

function runClient(pauseMs: number): Promise<{ ok: boolean; structured?: unknown; error?: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, server.url, String(pauseMs)], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
    });
  });
}

describe('HTTP keep-alive', () => {
  it('keeps idle connections 2 minutes; the headers timeout is above it and below the request timeout', () => {
    expect([KEEP_ALIVE_MS, HEADERS_TIMEOUT_MS]).toEqual([120_000, 125_000]);
    expect(HEADERS_TIMEOUT_MS).toBeLessThan(300_000); // Node's requestTimeout
  });

  it('a first call after a 6 s busy pause goes through (Node default keep-alive is 5 s)', async () => {
    const result = await runClient(6_000);
    expect(result).toEqual({ ok: true, structured: { tool: 'get_item', arguments: { id: 'a1' } } });
  }, 40_000);
});
