/**
 * The upstream exchange on node:http (upstream.gen.ts) against a real server: answers are read as
 * fetch reads them (decoded, status and headers, empty bodies, limits), also as a fetch Response.
 */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeExchange } from '../../templates/runtime/upstream.gen.js';
import { stalling, useExchangeUpstream, viaFetch } from './upstream-kit.js';

const upstream = useExchangeUpstream();
const { request } = upstream;

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
    upstream.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(bytes);
    for (const exchange of [nodeExchange, viaFetch]) {
      const body = await (await exchange(request())).readBody(1000, 1000);
      expect([Buffer.from(body.bytes).toString(), body.complete]).toEqual([payload, true]);
    }
  });

  it('passes a body in an unknown coding through as it came', async () => {
    upstream.handler = (_req, res) => res.writeHead(200, { 'content-encoding': 'zz-custom' }).end('raw');
    const body = await (await nodeExchange(request())).readBody(1000, 1000);
    expect(Buffer.from(body.bytes).toString()).toBe('raw');
  });

  it('does not decode a redirect body (it is never read)', async () => {
    upstream.handler = (_req, res) => res.writeHead(302, { location: '/x', 'content-encoding': 'gzip' }).end('not gzip');
    const response = await nodeExchange(request());
    expect([response.status, response.header('location')]).toEqual([302, '/x']);
    expect(Buffer.from((await response.readBody(100, 100)).bytes).toString()).toBe('not gzip');
  });

  it('status, reason phrase and headers (repeated ones joined)', async () => {
    upstream.handler = (_req, res) => {
      res.statusMessage = 'Created Fine';
      res.writeHead(201, [['X-Multi', 'a'], ['X-Multi', 'b'], ['Content-Type', 'text/plain']]).end('ok');
    };
    const response = await nodeExchange(request());
    expect([response.status, response.statusText, response.header('x-multi'), response.header('Content-Type'), response.header('absent')]).toEqual([201, 'Created Fine', 'a, b', 'text/plain', null]);
  });

  it('HEAD and 204 have empty bodies', async () => {
    upstream.handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' }).end();
    expect(await (await nodeExchange(request({ method: 'HEAD' }))).readBody(100, 100)).toEqual({ bytes: new Uint8Array(0), total: 0, exact: true, complete: true });
    upstream.handler = (_req, res) => res.writeHead(204).end();
    expect(await (await nodeExchange(request())).readBody(100, 100)).toMatchObject({ total: 0, complete: true });
  });

  it('keeps only what it is asked to and stops reading past the limit', async () => {
    upstream.handler = (_req, res) => {
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
    upstream.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '5000' }).end(Buffer.alloc(5000));
    expect(await (await nodeExchange(request())).readBody(0, 100)).toEqual({ bytes: new Uint8Array(0), total: 5000, exact: true, complete: false });
  });

  it('counts a whole body it keeps none of', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write(Buffer.alloc(300));
      res.end(Buffer.alloc(200));
    };
    expect(await (await nodeExchange(request())).readBody(0, 10_000)).toEqual({ bytes: new Uint8Array(0), total: 500, exact: true, complete: false });
  });
});

describe('toResponse (for the afterResponse hook)', () => {
  it('gives a fetch Response with status, headers, the decoded body unread and the URL', async () => {
    upstream.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-a': '1' }).end(gzipSync('{"a":1}'));
    const url = new URL(`${upstream.base}/v1/things?x=1`);
    const response = (await nodeExchange(request({ url }))).toResponse();
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.headers.get('x-a'), response.url, response.bodyUsed]).toEqual([200, 'OK', '1', url.href, false]);
    expect(await response.json()).toEqual({ a: 1 });
  });

  it('the signal still stops its body', async () => {
    upstream.handler = stalling;
    const controller = new AbortController();
    const response = (await nodeExchange(request({ signal: controller.signal }))).toResponse();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(response.text()).rejects.toThrow();
  });

  it('a 204 or a HEAD answer has no body', async () => {
    upstream.handler = (_req, res) => res.writeHead(204).end();
    const response = (await nodeExchange(request())).toResponse();
    expect([response.status, response.body]).toEqual([204, null]);
  });
});
