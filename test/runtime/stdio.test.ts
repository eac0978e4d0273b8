import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { describe, expect, it } from 'vitest';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { startStdio } from '../../templates/runtime/stdio.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, fixtureConfig, fixtureTools } from './server-fixtures.js';

const hooks = fileURLToPath(new URL('./fixtures/ts-resolve-hooks.mjs', import.meta.url));
const entry = fileURLToPath(new URL('./fixtures/stdio-server.ts', import.meta.url));

/** Spawns the fixture server as a real process through the official client's stdio transport. */
async function spawnClient(modern: boolean): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', hooks, entry],
    env: getDefaultEnvironment(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' }, modern ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('stdio with the official client (spawned process)', () => {
  const eras: { name: string; modern: boolean; want: string }[] = [
    { name: '2026-07-28', modern: true, want: '2026-07-28' },
    { name: '2025-11-25', modern: false, want: '2025-11-25' },
  ];
  for (const { name, modern, want } of eras) {
    it(`lists every page and calls tools (${name})`, async () => {
      const { client, stderr } = await spawnClient(modern);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(want);
        expect(client.getServerVersion()).toMatchObject({ name: 'fixture-api-mcp', version: '1.2.3' });
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(['get_item', 'create_order', 'list_items']);
        const ok = await client.callTool({ name: 'get_item', arguments: { id: 'x' } });
        expect(ok.structuredContent).toEqual({ tool: 'get_item', arguments: { id: 'x' } });
        const bad = await client.callTool({ name: 'create_order', arguments: {} });
        expect(bad).toMatchObject({
          isError: true,
          content: [{ type: 'text', text: "Input validation error: Invalid arguments for tool create_order: missing required argument \"customer\"" }],
        });
      } finally {
        await client.close();
      }
      // Logging goes to stderr; stdout carried only protocol messages (else the client had failed).
      expect(stderr()).toContain('stdio fixture server ready');
    });
  }
});

describe('startStdio with a given transport (in-process)', () => {
  it('writes only JSON-RPC lines to its output', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    output.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== '')));
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
    const logged: string[] = [];
    const handle = startStdio(factory, { transport: new StdioServerTransport(input, output), log: (line) => logged.push(line) });
    try {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_items', arguments: { per_page: 1 }, _meta: meta } })}\n`);
      await waitFor(() => lines.length >= 1);
      const reply = JSON.parse(lines[0]!) as { id: number; result: { structuredContent: unknown } };
      expect(reply.id).toBe(1);
      expect(reply.result.structuredContent).toEqual({ tool: 'list_items', arguments: { per_page: 1 } });
    } finally {
      await handle.close();
    }
    expect(logged).toEqual([]);
  });

  it('logs an invalid message by error name only, never its content', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const logged: string[] = [];
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
    const handle = startStdio(factory, { transport: new StdioServerTransport(input, output), log: (line) => logged.push(line) });
    try {
      input.write('{"jsonrpc":"2.0","id":1,"secret-token":"s3cr3t"}\n'); // neither request nor response
      await waitFor(() => logged.length >= 1);
      expect(logged).toEqual(['MCP stdio: ZodError']);
    } finally {
      await handle.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
