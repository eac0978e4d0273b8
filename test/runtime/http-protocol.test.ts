/** serveHttp with MCP clients of both protocol versions, the Mcp-Param-* header checks, its paths, its port, and cancellation. */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../templates/runtime/http.gen.js';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { callBody, echoFactory, listBody, listHeaders, MODERN_HEADERS, send, useHttpServer } from './http-kit.js';
import { fixtureConfig, fixtureTools } from './server-fixtures.js';

describe('serveHttp', () => {
  const server = useHttpServer();
  const { calls } = server;

  it('listens on 127.0.0.1 by default and reports the /mcp URL', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
  });

  it('serves the official 2026-07-28 client, which mirrors Mcp-Param-* headers', async () => {
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['get_item', 'create_order', 'list_items']);
      const result = await client.callTool({ name: 'get_item', arguments: { id: 'octo cat ü' } });
      expect(result.structuredContent).toEqual({ tool: 'get_item', arguments: { id: 'octo cat ü' } });
      const page = await client.callTool({ name: 'list_items', arguments: { per_page: 2 } });
      expect(page.structuredContent).toEqual({ tool: 'list_items', arguments: { per_page: 2 } });
    } finally {
      await client.close();
    }
  });

  it('serves a 2025-11-25 client (no version negotiation) on the same endpoint', async () => {
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['get_item', 'create_order', 'list_items']);
      const result = await client.callTool({ name: 'create_order', arguments: { customer: { id: '6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11' } } });
      expect(result.structuredContent).toEqual({ tool: 'create_order', arguments: { customer: { id: '6f1c1b9e-8a5e-4a43-9f0e-4e0f3c1d2a11' } } });
    } finally {
      await client.close();
    }
  });

  it('rejects a Mcp-Param-* header that disagrees with the body: 400, -32020, request id echoed', async () => {
    const before = calls.length;
    const res = await send(server.url, {
      headers: { ...MODERN_HEADERS, 'mcp-method': 'tools/call', 'mcp-name': 'get_item', 'mcp-param-item-id': 'other' },
      body: callBody('get_item', { id: 'a1' }, 42),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ jsonrpc: '2.0', id: 42, error: { code: -32020 } });
    expect(calls.length).toBe(before); // the upstream is never called
  });

  it('rejects a missing Mcp-Param-* header for a present argument', async () => {
    const res = await send(server.url, {
      headers: { ...MODERN_HEADERS, 'mcp-method': 'tools/call', 'mcp-name': 'list_items' },
      body: callBody('list_items', { per_page: 3 }),
    });
    expect([res.status, JSON.parse(res.body).error.code]).toEqual([400, -32020]);
  });

  it('accepts a numerically equal integer header', async () => {
    const res = await send(server.url, {
      headers: { ...MODERN_HEADERS, 'mcp-method': 'tools/call', 'mcp-name': 'list_items', 'mcp-param-per-page': '3.0' },
      body: callBody('list_items', { per_page: 3 }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result.structuredContent).toEqual({ tool: 'list_items', arguments: { per_page: 3 } });
  });

  const paths: { name: string; given: { method: string; path: string }; want: number }[] = [
    { name: 'GET /', given: { method: 'GET', path: '/' }, want: 404 },
    { name: 'POST /other', given: { method: 'POST', path: '/other' }, want: 404 },
    { name: 'POST /mcp/extra', given: { method: 'POST', path: '/mcp/extra' }, want: 404 },
    { name: 'POST /MCP', given: { method: 'POST', path: '/MCP' }, want: 404 },
    { name: 'GET /mcp (no session streams when stateless)', given: { method: 'GET', path: '/mcp' }, want: 405 },
  ];
  for (const { name, given, want } of paths) {
    it(`answers ${name} with ${want}`, async () => {
      const res = await send(`http://127.0.0.1:${server.port}${given.path}`, { method: given.method, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(want);
    });
  }

  it('serves /mcp with a query string', async () => {
    const res = await send(`${server.url}?x=1`, { headers: listHeaders, body: listBody() });
    expect(res.status).toBe(200);
  });

  it('refuses to start on a port in use, and close() frees the port', async () => {
    const factory = echoFactory();
    await expect(serveHttp(factory, { port: server.port })).rejects.toThrow('EADDRINUSE');
    const other = await serveHttp(factory, { port: 0 });
    const { port } = other;
    await other.close();
    const again = await serveHttp(factory, { port });
    await again.close();
  });
});

describe('serveHttp cancellation', () => {
  it('aborts the signal the tool caller got when the client gives up', async () => {
    let observed: Promise<string> | undefined;
    const waiting: ToolCaller = (_entry, _args, signal) => {
      observed = new Promise((resolve) => {
        if (signal === undefined) resolve('no signal');
        else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
      });
      return observed.then(() => ({ content: [{ type: 'text', text: 'late' }], isError: true }));
    };
    const server = await serveHttp(createServerFactory(fixtureConfig, buildToolTable(fixtureTools), waiting), { port: 0 });
    const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const call = client.callTool({ name: 'list_items', arguments: {} }, { signal: AbortSignal.timeout(200) });
      await expect(call).rejects.toThrow();
      expect(await observed).toBe('aborted');
    } finally {
      await client.close();
      await server.close();
    }
  });
});
