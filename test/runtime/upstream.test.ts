/**
 * The upstream exchange on node:http (upstream.gen.ts) against real servers: what the upstream
 * receives is what fetch would send, bodies are decoded as fetch decodes them, limits, aborts,
 * lost connections and kept-alive connections.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../templates/runtime/network-error.gen.js';
import { fetchExchange, nodeExchange, type Exchange, type UpstreamRequest } from '../../templates/runtime/upstream.gen.js';

/** A self-signed certificate for 127.0.0.1 (test only). */
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgPthuuh9ZJnU7a1Um
KM5DXKopd05zw6EhbIDuq1PPQgmhRANCAAT10UsfdIY5V4mfq5zvJ0KzZyB5KWcJ
VkjWfaUM/dLMgeerLsHhlvI8XmVd0XUw8ysqBIVY7H78YM2zueC55dXA
-----END PRIVATE KEY-----`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUZKKXpVvgD+Nm+UQDhy7KpBC65lgwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEzMDE4MjI0M1oYDzIxMjYxMTA2
MTgyMjQzWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAT10UsfdIY5V4mfq5zvJ0KzZyB5KWcJVkjWfaUM/dLMgeerLsHhlvI8
XmVd0XUw8ysqBIVY7H78YM2zueC55dXAo28wbTAdBgNVHQ4EFgQU2zXNkQq6zZin
nWFT36vJuI6vd4IwHwYDVR0jBBgwFoAU2zXNkQq6zZinnWFT36vJuI6vd4IwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgD+PMcW2eOPsdaYBBRVlJRGuwVEkddJXDGrE1lEkQhocCIQCw
wuUtpOYnwct4y4dibcAmi7aCZ7zCG6QJjzQnwqHWVA==
-----END CERTIFICATE-----`;

interface Received {
  method: string;
  target: string;
  /** Header name (lower case) → value, as the server got them. */
  headers: Record<string, string>;
  body: Buffer;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

let server: Server;
let base: string;
let handler: Handler;
let connections = 0;
const received: Received[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]!.toLowerCase()] = req.rawHeaders[i + 1]!;
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', target: req.url ?? '', headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));
afterEach(() => {
  received.length = 0;
  handler = (_req, res) => res.writeHead(204).end();
});
handler = (_req, res) => res.writeHead(204).end();

function request(overrides: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return { method: 'GET', url: new URL(`${base}/v1/things?x=1`), headers: new Headers(), signal: new AbortController().signal, ...overrides };
}

async function sendWith(exchange: Exchange, req: UpstreamRequest): Promise<Received> {
  const before = received.length;
  const response = await exchange(req);
  await response.readBody(1_000_000, 1_000_000);
  expect(received).toHaveLength(before + 1);
  return received[before]!;
}

const viaFetch = fetchExchange(fetch);

describe('nodeExchange sends what fetch sends', () => {
  const form = (): FormData => {
    const data = new FormData();
    data.set('name', 'Rex');
    data.set('photo', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'rex.png');
    return data;
  };
  const cases: Array<{ name: string; given: () => Partial<UpstreamRequest> }> = [
    { name: 'a GET with no headers of its own', given: () => ({}) },
    { name: 'a GET whose headers replace the defaults', given: () => ({ headers: new Headers({ accept: 'application/json', 'user-agent': 'mine/1', 'x-api-key': 'k' }) }) },
    { name: 'a JSON string body', given: () => ({ method: 'POST', headers: new Headers({ 'content-type': 'application/json' }), body: '{"a":"é"}' }) },
    { name: 'a string body without a Content-Type', given: () => ({ method: 'POST', body: 'plain' }) },
    { name: 'bytes', given: () => ({ method: 'PUT', headers: new Headers({ 'content-type': 'application/octet-stream' }), body: new Uint8Array([0, 1, 255]) }) },
    { name: 'a form', given: () => ({ method: 'POST', body: new URLSearchParams({ a: '1 2', b: 'ü' }) }) },
    { name: 'a POST without a body', given: () => ({ method: 'POST' }) },
    { name: 'a DELETE without a body', given: () => ({ method: 'DELETE' }) },
    { name: 'a PATCH', given: () => ({ method: 'PATCH', headers: new Headers({ 'content-type': 'application/merge-patch+json' }), body: '{}' }) },
  ];
  it.each(cases)('$name', async ({ given }) => {
    const ours = await sendWith(nodeExchange, request(given()));
    const theirs = await sendWith(viaFetch, request(given()));
    const { connection: _ours, ...oursHeaders } = ours.headers;
    const { connection: _theirs, ...theirHeaders } = theirs.headers;
    expect({ ...ours, headers: oursHeaders }).toEqual({ ...theirs, headers: theirHeaders });
  });

  it('a multipart form: the same parts, each with its own boundary', async () => {
    const ours = await sendWith(nodeExchange, request({ method: 'POST', body: form() }));
    const theirs = await sendWith(viaFetch, request({ method: 'POST', body: form() }));
    const boundary = (r: Received): string => /boundary=(.+)$/.exec(r.headers['content-type'] ?? '')![1]!;
    const normalized = (r: Received): string => r.body.toString('latin1').split(boundary(r)).join('BOUNDARY');
    expect(ours.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(normalized(ours)).toBe(normalized(theirs));
    expect(ours.headers['content-length']).toBe(String(ours.body.length));
  });

  it('refuses a URL with user info, as fetch does', async () => {
    await expect(nodeExchange(request({ url: new URL(`http://user:pw@127.0.0.1:1/`) }))).rejects.toThrow('includes credentials');
    expect(received).toHaveLength(0);
  });

  it('refuses a scheme other than http and https', async () => {
    await expect(nodeExchange(request({ url: new URL('ftp://127.0.0.1/x') }))).rejects.toThrow('unknown scheme ftp');
  });
});

describe('nodeExchange answers', () => {
  const payload = '{"name":"Rex","tags":["a","b"]}';
  const encodings: Array<{ name: string; encoding: string; bytes: Buffer }> = [
    { name: 'gzip', encoding: 'gzip', bytes: gzipSync(payload) },
    { name: 'x-gzip', encoding: 'x-gzip', bytes: gzipSync(payload) },
    { name: 'deflate (zlib)', encoding: 'deflate', bytes: deflateSync(payload) },
    { name: 'deflate sent raw', encoding: 'deflate', bytes: deflateRawSync(payload) },
    { name: 'br', encoding: 'br', bytes: brotliCompressSync(payload) },
    { name: 'gzip, then br', encoding: 'gzip, br', bytes: brotliCompressSync(gzipSync(payload)) },
  ];
  it.each(encodings)('decodes a $name body like fetch', async ({ encoding, bytes }) => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(bytes);
    for (const exchange of [nodeExchange, viaFetch]) {
      const body = await (await exchange(request())).readBody(1000, 1000);
      expect([Buffer.from(body.bytes).toString(), body.complete]).toEqual([payload, true]);
    }
  });

  it('passes a body in an unknown coding through as it came', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-encoding': 'zz-custom' }).end('raw');
    const body = await (await nodeExchange(request())).readBody(1000, 1000);
    expect(Buffer.from(body.bytes).toString()).toBe('raw');
  });

  it('does not decode a redirect body (it is never read)', async () => {
    handler = (_req, res) => res.writeHead(302, { location: '/x', 'content-encoding': 'gzip' }).end('not gzip');
    const response = await nodeExchange(request());
    expect([response.status, response.header('location')]).toEqual([302, '/x']);
    expect(Buffer.from((await response.readBody(100, 100)).bytes).toString()).toBe('not gzip');
  });

  it('status, reason phrase and headers (repeated ones joined)', async () => {
    handler = (_req, res) => {
      res.statusMessage = 'Created Fine';
      res.writeHead(201, [['X-Multi', 'a'], ['X-Multi', 'b'], ['Content-Type', 'text/plain']]).end('ok');
    };
    const response = await nodeExchange(request());
    expect([response.status, response.statusText, response.header('x-multi'), response.header('Content-Type'), response.header('absent')]).toEqual([201, 'Created Fine', 'a, b', 'text/plain', null]);
  });

  it('HEAD and 204 have empty bodies', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' }).end();
    expect(await (await nodeExchange(request({ method: 'HEAD' }))).readBody(100, 100)).toEqual({ bytes: new Uint8Array(0), total: 0, exact: true, complete: true });
    handler = (_req, res) => res.writeHead(204).end();
    expect(await (await nodeExchange(request())).readBody(100, 100)).toMatchObject({ total: 0, complete: true });
  });

  it('keeps only what it is asked to and stops reading past the limit', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a'.repeat(1000));
      res.write('b'.repeat(1000));
      setTimeout(() => res.end('c'.repeat(100_000)), 20);
    };
    const body = await (await nodeExchange(request())).readBody(10, 1500);
    expect([Buffer.from(body.bytes).toString(), body.exact, body.complete]).toEqual(['a'.repeat(10), false, false]);
    expect(body.total).toBeGreaterThan(1500);
  });

  it('reads nothing when nothing is kept and the length is declared', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '5000' }).end(Buffer.alloc(5000));
    expect(await (await nodeExchange(request())).readBody(0, 100)).toEqual({ bytes: new Uint8Array(0), total: 5000, exact: true, complete: false });
  });

  it('counts a whole body it keeps none of', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write(Buffer.alloc(300));
      res.end(Buffer.alloc(200));
    };
    expect(await (await nodeExchange(request())).readBody(0, 10_000)).toEqual({ bytes: new Uint8Array(0), total: 500, exact: true, complete: false });
  });

  it('a connection lost mid-body rejects with ECONNRESET', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('part');
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const response = await nodeExchange(request());
    await expect(response.readBody(1000, 1000)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('a connection lost before the body is read rejects when it is read, without crashing', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('part');
      setTimeout(() => res.socket?.destroy(), 5);
    };
    const response = await nodeExchange(request());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(response.readBody(1000, 1000)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('a connection refused rejects with ECONNREFUSED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(nodeExchange(request({ url: new URL(`http://127.0.0.1:${port}/`) }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('https: an untrusted certificate fails as it fails with fetch', async () => {
    const tls = createTlsServer({ key: TLS_KEY, cert: TLS_CERT }, (_req, res) => res.end('secret'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(`https://127.0.0.1:${(tls.address() as AddressInfo).port}/x`);
      const ours = await nodeExchange(request({ url })).catch((error: unknown) => error);
      const theirs = await viaFetch(request({ url })).catch((error: unknown) => error);
      expect(describeNetworkError(ours)).toBe('TLS certificate problem (DEPTH_ZERO_SELF_SIGNED_CERT)');
      expect(describeNetworkError(theirs)).toBe(describeNetworkError(ours));
    } finally {
      tls.closeAllConnections();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('the signal stops the wait for the answer, with its reason', async () => {
    handler = (_req, res) => setTimeout(() => res.writeHead(200).end('late'), 300);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    const started = Date.now();
    await expect(nodeExchange(request({ signal: controller.signal }))).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('the signal stops a body that stalls, with its reason', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      setTimeout(() => res.end(' rest'), 300);
    };
    const controller = new AbortController();
    const response = await nodeExchange(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(response.readBody(1000, 1000)).rejects.toThrow('stop');
  });

  it('an aborted signal sends nothing', async () => {
    await expect(nodeExchange(request({ signal: AbortSignal.abort(new Error('already')) }))).rejects.toThrow('already');
    expect(received).toHaveLength(0);
  });

  it('keeps the connection alive between exchanges, also after a discarded answer', async () => {
    handler = (req, res) => (req.url === '/moved' ? res.writeHead(302, { location: '/x' }).end() : res.writeHead(200).end('fine'));
    await (await nodeExchange(request())).readBody(100, 100);
    const before = connections;
    await (await nodeExchange(request({ url: new URL(`${base}/moved`) }))).discard();
    await (await nodeExchange(request())).readBody(100, 100);
    expect(connections).toBe(before);
  });

  it('sends an idempotent request again when the kept-alive connection was closed meanwhile', async () => {
    handler = (_req, res) => res.writeHead(200).end('fine');
    await (await nodeExchange(request())).readBody(100, 100);
    // The server drops the idle connection without telling the client (as when its keep-alive
    // timeout and the next request cross).
    handler = (req, res) => {
      if (received.length === 2) req.socket.destroy();
      else res.writeHead(200).end('again');
    };
    const response = await nodeExchange(request({ method: 'PUT', body: 'x' }));
    expect(Buffer.from((await response.readBody(100, 100)).bytes).toString()).toBe('again');
    expect(received.map((r) => r.method)).toEqual(['GET', 'PUT', 'PUT']);
  });

  it('does not send a POST twice', async () => {
    handler = (_req, res) => res.writeHead(200).end('fine');
    await (await nodeExchange(request())).readBody(100, 100);
    handler = (req) => req.socket.destroy();
    await expect(nodeExchange(request({ method: 'POST', body: 'x' }))).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(received.map((r) => r.method)).toEqual(['GET', 'POST']);
  });
});

describe('toResponse (for the afterResponse hook)', () => {
  it('gives a fetch Response with status, headers, the decoded body unread and the URL', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-a': '1' }).end(gzipSync('{"a":1}'));
    const url = new URL(`${base}/v1/things?x=1`);
    const response = (await nodeExchange(request({ url }))).toResponse();
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.headers.get('x-a'), response.url, response.bodyUsed]).toEqual([200, 'OK', '1', url.href, false]);
    expect(await response.json()).toEqual({ a: 1 });
  });

  it('the signal still stops its body', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      setTimeout(() => res.end(' rest'), 300);
    };
    const controller = new AbortController();
    const response = (await nodeExchange(request({ signal: controller.signal }))).toResponse();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(response.text()).rejects.toThrow();
  });

  it('a 204 or a HEAD answer has no body', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const response = (await nodeExchange(request())).toResponse();
    expect([response.status, response.body]).toEqual([204, null]);
  });
});
