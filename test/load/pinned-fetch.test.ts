import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch } from '../../src/load/pinned-fetch.js';

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/gz') {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end(gzipSync('openapi: 3.1.0\n'));
      return;
    }
    response.writeHead(request.url === '/moved' ? 302 : 200, request.url === '/moved' ? { location: '/elsewhere' } : {});
    response.end('metadata: secret-role-credentials');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => new Promise<void>((done) => server.close(() => done())));

describe('pinnedFetch: the addresses checked are the addresses connected to (DNS rebinding)', () => {
  // A rebinding name answers a public address to the check and a private one to the fetch's own
  // lookup; here the connection's lookup itself refuses, so no answer given before it matters.
  it('refuses a name that resolves to a loopback address as it connects, before sending anything', async () => {
    hits.length = 0;
    await expect(pinnedFetch([])(`http://localhost:${port}/latest/meta-data/`)).rejects.toThrow(
      `localhost:${port} is a loopback, link-local or private address (127.0.0.1) when connecting; a spec may not make openapi-mcp fetch it unless you pass --allow-ref http://localhost:${port}`,
    );
    expect(hits).toEqual([]);
  });

  it('connects to an allowed origin, and reads bodies and redirects as fetch does', async () => {
    const fetchFn = pinnedFetch([`http://localhost:${port}`]);
    expect(await (await fetchFn(`http://localhost:${port}/gz`)).text()).toBe('openapi: 3.1.0\n');
    const moved = await fetchFn(`http://localhost:${port}/moved`);
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/elsewhere']);
  });
});
