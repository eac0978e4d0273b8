import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, envelope, fixtureConfig, fixtureTools } from './server-fixtures.js';

/**
 * The port in `Host` (DNS-rebinding protection): a server answers only to the port the request
 * arrived on (`Host: localhost:9999` is refused by a server on another port), except for the
 * `--allowed-host` entries of a reverse proxy, which carry their own port or none (any port).
 */

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };

/** POST tools/list to the server with this `Host` (and `Origin`), over a real connection. */
function post(server: RunningHttpServer, host: string, origin?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...HEADERS, host, ...(origin !== undefined ? { origin } : {}) };
    const req = request(server.url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => void (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(LIST);
  });
}

const factory = createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller());
const WRONG_PORT = 'this server does not answer on that port';

describe('Host port on a loopback server', () => {
  let server: RunningHttpServer;
  let other: number;
  beforeAll(async () => {
    server = await serveHttp(factory, { port: 0 });
    other = server.port === 9999 ? 9998 : 9999;
  });
  afterAll(() => server?.close());

  it('accepts localhost and the address with the port the request arrived on', async () => {
    expect((await post(server, `localhost:${server.port}`)).status).toBe(200);
    expect((await post(server, `127.0.0.1:${server.port}`)).status).toBe(200);
    expect((await post(server, `localhost:${server.port}`, `http://localhost:${server.port}`)).status).toBe(200);
  });

  it('refuses another port, with a matching Origin too', async () => {
    for (const host of [`localhost:${other}`, `127.0.0.1:${other}`]) {
      expect(await post(server, host)).toEqual({ status: 403, body: expect.stringContaining(WRONG_PORT) });
    }
    expect((await post(server, `localhost:${other}`, `http://localhost:${other}`)).status).toBe(403);
  });

  it('reads a Host without a port as port 80', async () => {
    expect(await post(server, 'localhost')).toEqual({ status: 403, body: expect.stringContaining(WRONG_PORT) });
    expect((await post(server, '127.0.0.1')).status).toBe(403);
  });
});

describe('Host port of --allowed-host entries (a reverse proxy forwarding the public Host)', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await serveHttp(factory, { port: 0, allowedHosts: ['proxy.test', 'Fixed.test:8443', 'tls.test:443', 'plain.test:80'] });
  });
  afterAll(() => server?.close());

  const cases: [host: string, status: number][] = [
    // an entry without a port: any port, and none
    ['proxy.test', 200],
    ['proxy.test:8080', 200],
    ['PROXY.test:443', 200],
    // an entry with a port: that port only
    ['fixed.test:8443', 200],
    ['fixed.test:8444', 403],
    ['fixed.test', 403],
    // :443 and :80 also stand for a Host without a port (https's and http's default)
    ['tls.test', 200],
    ['tls.test:443', 200],
    ['tls.test:80', 403],
    ['plain.test', 200],
    ['plain.test:80', 200],
    ['plain.test:443', 403],
    // names not listed
    ['other.test', 403],
  ];
  it.each(cases)('Host %s: %i', async (host, status) => expect((await post(server, host)).status).toBe(status));

  it('keeps the loopback names to the port the request arrived on', async () => {
    expect((await post(server, `localhost:${server.port}`)).status).toBe(200);
    expect((await post(server, `localhost:${server.port === 9999 ? 9998 : 9999}`)).status).toBe(403);
  });

  it('still wants Origin to be the same origin as Host, port included', async () => {
    expect((await post(server, 'fixed.test:8443', 'https://fixed.test:8443')).status).toBe(200);
    expect((await post(server, 'proxy.test:8080', 'http://proxy.test:8081')).status).toBe(403);
  });
});
