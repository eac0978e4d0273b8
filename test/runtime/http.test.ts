import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_BODY_BYTES,
  serveHttp,
  type RunningHttpServer,
} from '../../templates/runtime/http.gen.js';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { createEndpointAuth } from '../../templates/runtime/endpoint-auth.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, envelope, fixtureConfig, fixtureTools, type EchoCall } from './server-fixtures.js';

interface RawResponse {
  status: number;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request with node:http, which (unlike fetch) lets the test set Host freely. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const MODERN_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
};

function listBody(): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } });
}

function callBody(name: string, args: Record<string, unknown>, id = 5): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: envelope() } });
}

const listHeaders = { ...MODERN_HEADERS, 'mcp-method': 'tools/list' };

describe('serveHttp', () => {
  let server: RunningHttpServer;
  let small: RunningHttpServer;
  const calls: EchoCall[] = [];

  beforeAll(async () => {
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller(calls));
    server = await serveHttp(factory, { port: 0 });
    small = await serveHttp(factory, { port: 0, maxBodyBytes: 1024 });
  });
  afterAll(async () => {
    await server?.close();
    await small?.close();
  });

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

  const rebinding: { name: string; given: Record<string, string> }[] = [
    { name: 'a foreign Host', given: { host: 'evil.example' } },
    { name: 'a foreign Host with the right port', given: { host: 'evil.example:3000' } },
    { name: 'a foreign Origin', given: { origin: 'http://evil.example' } },
    { name: 'an unparsable Origin', given: { origin: 'not a url' } },
  ];
  for (const { name, given } of rebinding) {
    it(`answers ${name} with 403 (DNS rebinding)`, async () => {
      const res = await send(server.url, { headers: { ...listHeaders, ...given }, body: listBody() });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe(-32000);
    });
  }

  it('answers 403 for a foreign Host on any path, before routing', async () => {
    const res = await send(`http://127.0.0.1:${server.port}/elsewhere`, { headers: { host: 'evil.example' } });
    expect(res.status).toBe(403);
  });

  it('accepts Host localhost', async () => {
    const res = await send(server.url, { headers: { ...listHeaders, host: `localhost:${server.port}` }, body: listBody() });
    expect(res.status).toBe(200);
  });

  it("accepts the server's own Origin, port included", async () => {
    const res = await send(server.url, { headers: { ...listHeaders, origin: `http://127.0.0.1:${server.port}` }, body: listBody() });
    expect(res.status).toBe(200);
  });

  const foreignOrigins: { name: string; given: Record<string, string> }[] = [
    { name: 'a localhost Origin on another port', given: { origin: 'http://localhost:5173' } },
    { name: 'a 127.0.0.1 Origin without the port', given: { origin: 'http://127.0.0.1' } },
    { name: 'Host 127.1', given: { host: '127.1' } },
    { name: 'Host 2130706433', given: { host: '2130706433' } },
  ];
  for (const { name, given } of foreignOrigins) {
    it(`answers ${name} with 403`, async () => {
      const res = await send(server.url, { headers: { ...listHeaders, ...given }, body: listBody() });
      expect(res.status).toBe(403);
    });
  }

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope(), pad: 'x'.repeat(2048) } });
    const res = await send(small.url, { headers: listHeaders, body });
    expect(res.status).toBe(413);
  });

  it('accepts a body under the limit', async () => {
    const res = await send(small.url, { headers: listHeaders, body: listBody() });
    expect(res.status).toBe(200);
  });

  it('answers a body over the limit sent without a Content-Length (chunked) with 413', async () => {
    const res = await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest(small.url, { method: 'POST', headers: listHeaders }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, contentType: answer.headers['content-type'], headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.write(listBody().slice(0, -1)); // no Content-Length: node:http sends it chunked
      req.write(`,"pad":"${'x'.repeat(2048)}"}`);
      req.end();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  });

  it('answers a body that is not JSON, or empty, with the SDK\'s parse error', async () => {
    for (const body of ['{"jsonrpc":', '']) {
      const res = await send(server.url, { headers: listHeaders, body });
      expect([res.status, JSON.parse(res.body).error.code]).toEqual([400, -32700]);
    }
  });

  it('serves a JSON body that starts with a byte order mark', async () => {
    const res = await send(server.url, { headers: listHeaders, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(listBody())]) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result.tools).toHaveLength(3);
  });

  it('answers with a Content-Length, not chunked', async () => {
    const res = await new Promise<{ length: string | undefined; chunked: boolean; body: string }>((resolve, reject) => {
      const req = httpRequest(server.url, { method: 'POST', headers: listHeaders }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ length: answer.headers['content-length'], chunked: answer.headers['transfer-encoding'] === 'chunked', body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(listBody());
    });
    expect([res.length, res.chunked]).toEqual([String(Buffer.byteLength(res.body)), false]);
  });

  it('has a default body limit of 4 MiB', async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4_194_304);
    const res = await send(server.url, { headers: listHeaders, body: Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 1, 0x20) });
    expect(res.status).toBe(413);
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
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
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

describe('serveHttp bound to another host', () => {
  const token = 'a-static-token-of-32-characters!';
  const auth = createEndpointAuth({ tokens: [token] });

  it('accepts that host name in Host and Origin, with the bearer token', async () => {
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
    const server = await serveHttp(factory, { port: 0, host: '0.0.0.0', allowedHosts: ['mcp.example.test'], auth });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
      const authorization = `Bearer ${token}`;
      const ok = await send(server.url, { headers: { ...listHeaders, host: 'mcp.example.test', origin: 'https://mcp.example.test', authorization }, body: listBody() });
      expect(ok.status).toBe(200);
      const evil = await send(server.url, { headers: { ...listHeaders, host: 'evil.example', authorization }, body: listBody() });
      expect(evil.status).toBe(403);
      const anonymous = await send(server.url, { headers: { ...listHeaders, host: 'mcp.example.test' }, body: listBody() });
      expect([anonymous.status, anonymous.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    } finally {
      await server.close();
    }
  });

  it('refuses to listen on 0.0.0.0 without authentication, naming what to set', async () => {
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
    await expect(serveHttp(factory, { port: 0, host: '0.0.0.0' })).rejects.toThrow(
      'refusing to serve 0.0.0.0 without authentication: set a bearer token (bearer tokens) or --oauth-issuer and --oauth-audience, or pass --no-auth',
    );
  });

  it('--host 127.0.0.2 --allowed-host x: Host localhost is refused, the address and x are accepted', async () => {
    const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
    const server = await serveHttp(factory, { port: 0, host: '127.0.0.2', allowedHosts: ['x'] });
    try {
      const statusFor = async (host: string): Promise<number> => (await send(server.url, { headers: { ...listHeaders, host }, body: listBody() })).status;
      expect(server.url).toBe(`http://127.0.0.2:${server.port}/mcp`);
      expect(await statusFor(`localhost:${server.port}`)).toBe(403);
      expect(await statusFor(`127.0.0.1:${server.port}`)).toBe(403);
      expect(await statusFor(`127.0.0.2:${server.port}`)).toBe(200);
      expect(await statusFor('x')).toBe(200);
    } finally {
      await server.close();
    }
  });
});
