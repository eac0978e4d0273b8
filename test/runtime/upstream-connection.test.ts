/**
 * The upstream exchange on node:http (upstream.gen.ts) against real servers: lost and refused
 * connections, TLS failures, aborts, and kept-alive connections (reused, and retried when closed).
 */
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../templates/runtime/network-error.gen.js';
import { nodeExchange } from '../../templates/runtime/upstream.gen.js';
import { stalling, useExchangeUpstream, viaFetch } from './upstream-kit.js';

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

const upstream = useExchangeUpstream();
const { received, request } = upstream;

describe('nodeExchange answers', () => {
  it('a connection lost mid-body rejects with ECONNRESET', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('part');
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const response = await nodeExchange(request());
    await expect(response.readBody(1000, 1000)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('a connection lost before the body is read rejects when it is read, without crashing', async () => {
    upstream.handler = (_req, res) => {
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
    upstream.handler = (_req, res) => setTimeout(() => res.writeHead(200).end('late'), 300);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    const started = Date.now();
    await expect(nodeExchange(request({ signal: controller.signal }))).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('the signal stops a body that stalls, with its reason', async () => {
    upstream.handler = stalling;
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
    upstream.handler = (req, res) => (req.url === '/moved' ? res.writeHead(302, { location: '/x' }).end() : res.writeHead(200).end('fine'));
    await (await nodeExchange(request())).readBody(100, 100);
    const before = upstream.connections;
    await (await nodeExchange(request({ url: new URL(`${upstream.base}/moved`) }))).discard();
    await (await nodeExchange(request())).readBody(100, 100);
    expect(upstream.connections).toBe(before);
  });

  it('sends an idempotent request again when the kept-alive connection was closed meanwhile', async () => {
    upstream.handler = (_req, res) => res.writeHead(200).end('fine');
    await (await nodeExchange(request())).readBody(100, 100);
    // The server drops the idle connection without telling the client (as when its keep-alive
    // timeout and the next request cross).
    upstream.handler = (req, res) => {
      if (received.length === 2) req.socket.destroy();
      else res.writeHead(200).end('again');
    };
    const response = await nodeExchange(request({ method: 'PUT', body: 'x' }));
    expect(Buffer.from((await response.readBody(100, 100)).bytes).toString()).toBe('again');
    expect(received.map((r) => r.method)).toEqual(['GET', 'PUT', 'PUT']);
  });

  it('does not send a POST twice', async () => {
    upstream.handler = (_req, res) => res.writeHead(200).end('fine');
    await (await nodeExchange(request())).readBody(100, 100);
    upstream.handler = (req) => req.socket.destroy();
    await expect(nodeExchange(request({ method: 'POST', body: 'x' }))).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(received.map((r) => r.method)).toEqual(['GET', 'POST']);
  });
});
