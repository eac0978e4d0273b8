/** serveHttp on request bodies: the size limit (declared or chunked), parse errors, a byte order mark, and a Content-Length on the answer. */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../templates/runtime/http.gen.js';
import { listBody, listHeaders, send, useHttpServer, type RawResponse } from './http-kit.js';
import { envelope } from './server-fixtures.js';

describe('serveHttp', () => {
  const server = useHttpServer();
  const small = useHttpServer({ maxBodyBytes: 1024 });

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
});
