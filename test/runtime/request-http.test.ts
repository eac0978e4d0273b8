/**
 * Prepared requests sent with the real `fetch` to a real `node:http` server that records the raw
 * request line, headers and body bytes: what the upstream API would see.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, RequestError, toFetchInit, type PreparedRequest } from '../../templates/runtime/request.gen.js';
import type { HttpBinding, JsonSchemaObject } from '../../templates/runtime/types.gen.js';
import { useExchangeUpstream, type Received } from './upstream-kit.js';

describe('prepared requests over real HTTP', () => {
  const upstream = useExchangeUpstream();
  const { received } = upstream;
  let base: string;
  beforeAll(() => {
    base = `${upstream.base}/v1/`;
  });

  async function send(req: PreparedRequest): Promise<Received> {
    const before = received.length;
    const { url, init } = toFetchInit(req);
    const response = await fetch(url, init);
    expect(response.status).toBe(204);
    expect(received).toHaveLength(before + 1);
    return received[before]!;
  }

  it('path, query styles, headers and cookies arrive exactly encoded', async () => {
    const binding: HttpBinding = {
      kind: 'http',
      method: 'get',
      path: '/pets/{petId}/photos',
      security: [],
      arguments: {
        petId: { in: 'path', name: 'petId', required: true, style: 'simple', explode: false },
        tags: { in: 'query', name: 'tags', required: false, style: 'form', explode: true },
        filter: { in: 'query', name: 'filter', required: false, style: 'deepObject', explode: true },
        sort: { in: 'query', name: 'sort', required: false, style: 'pipeDelimited', explode: false },
        q: { in: 'query', name: 'q', required: false, style: 'form', explode: true, allowReserved: true },
        requestId: { in: 'header', name: 'X-Request-Id', required: false, style: 'simple', explode: false },
        color: { in: 'cookie', name: 'color', required: false, style: 'form', explode: false },
        session: { in: 'cookie', name: 'session', required: false, style: 'form', explode: true },
      },
    };
    const req = buildRequest(binding, {
      petId: '../../admin?x=1#',
      tags: ['a b', 'c&d'],
      filter: { created: { gte: 1 } },
      sort: ['-name', 'age'],
      q: 'a/b:c#d',
      requestId: 'ünï €',
      color: ['blue', 'black'],
      session: 's p;x',
    }, base);
    req.headers.set('cookie', 'sid=1'); // as credentials would set it
    const got = await send(req);
    expect(got.method).toBe('GET');
    expect(got.target).toBe('/v1/pets/..%2F..%2Fadmin%3Fx%3D1%23/photos?tags=a%20b&tags=c%26d&filter%5Bcreated%5D%5Bgte%5D=1&sort=-name%7Cage&q=a/b:c%23d');
    expect(Buffer.from(got.headers['x-request-id']!, 'latin1').toString('utf8')).toBe('ünï €');
    expect(got.headers.cookie).toBe('sid=1; color=blue,black; session=s%20p%3Bx');
    expect(got.headers['content-type']).toBeUndefined();
    expect(got.body.length).toBe(0);
  });

  it('a CRLF header value is rejected before anything is sent', async () => {
    const before = received.length;
    const binding: HttpBinding = { kind: 'http', method: 'get', path: '/', security: [], arguments: { h: { in: 'header', name: 'X-A', required: false } } };
    expect(() => buildRequest(binding, { h: 'x\r\nX-Admin: 1' }, base)).toThrow(RequestError);
    expect(received).toHaveLength(before);
  });

  it('JSON body', async () => {
    const binding: HttpBinding = {
      kind: 'http', method: 'post', path: '/pets', security: [],
      arguments: { name: { in: 'body', name: 'name', required: true }, tags: { in: 'body', name: 'tags', required: false } },
      body: { mediaType: 'application/json', required: true },
    };
    const got = await send(buildRequest(binding, { name: 'Rex ü', tags: ['a'] }, base));
    expect([got.method, got.target, got.headers['content-type']]).toEqual(['POST', '/v1/pets', 'application/json']);
    expect(got.body.toString('utf8')).toBe('{"name":"Rex ü","tags":["a"]}');
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Rex ü","tags":["a"]}')));
  });

  it('application/x-www-form-urlencoded body', async () => {
    const binding: HttpBinding = {
      kind: 'http', method: 'post', path: '/forms', security: [],
      arguments: { body: { in: 'body', name: '', required: true } },
      body: { mediaType: 'application/x-www-form-urlencoded', required: true, encoding: { ids: { style: 'form', explode: false }, card: { style: 'deepObject', explode: true } } },
    };
    const got = await send(buildRequest(binding, { body: { name: 'a b&c', tags: ['x', 'y'], ids: [1, 2], card: { number: '42' }, meta: { k: 'v' } } }, base));
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got.body.toString('latin1')).toBe('name=a+b%26c&tags=x&tags=y&ids=1%2C2&card%5Bnumber%5D=42&meta=%7B%22k%22%3A%22v%22%7D');
  });

  it('multipart/form-data body, parsed back', async () => {
    const inputSchema: JsonSchemaObject = {
      type: 'object',
      properties: { file: { type: 'string', contentEncoding: 'base64' }, meta: { type: 'object' }, note: { type: 'string' } },
    };
    const binding: HttpBinding = {
      kind: 'http', method: 'post', path: '/upload', security: [],
      arguments: { file: { in: 'body', name: 'file', required: true }, meta: { in: 'body', name: 'meta', required: false }, note: { in: 'body', name: 'note', required: false } },
      body: { mediaType: 'multipart/form-data', required: true, encoding: { file: { contentType: 'image/png' } } },
    };
    const got = await send(buildRequest(binding, { file: 'iVBORw0KGgoA/w==', meta: { a: 1 }, note: 'hi ü' }, base, inputSchema));
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const form = await new Response(got.body, { headers: { 'content-type': got.headers['content-type']! } }).formData();
    const file = form.get('file') as File;
    expect([file.name, file.type, [...new Uint8Array(await file.arrayBuffer())]]).toEqual(['file', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]]);
    expect(form.get('meta')).toBe('{"a":1}');
    expect(form.get('note')).toBe('hi ü');
    expect([...form.keys()]).toEqual(['file', 'meta', 'note']);
  });

  it('binary body: the decoded bytes', async () => {
    const binding: HttpBinding = {
      kind: 'http', method: 'put', path: '/blobs/{key}', security: [],
      arguments: { key: { in: 'path', name: 'key', required: true, style: 'simple', explode: false }, body: { in: 'body', name: '', required: true } },
      body: { mediaType: 'application/octet-stream', required: true },
    };
    const inputSchema: JsonSchemaObject = { type: 'object', properties: { key: { type: 'string' }, body: { type: 'string', contentEncoding: 'base64' } } };
    const got = await send(buildRequest(binding, { key: 'a b', body: 'AAEC/f7/' }, base, inputSchema));
    expect([got.method, got.target, got.headers['content-type'], got.headers['content-length']]).toEqual(['PUT', '/v1/blobs/a%20b', 'application/octet-stream', '6']);
    expect([...got.body]).toEqual([0, 1, 2, 253, 254, 255]);
  });

  it('text body', async () => {
    const binding: HttpBinding = {
      kind: 'http', method: 'post', path: '/notes', security: [],
      arguments: { body: { in: 'body', name: '', required: true } },
      body: { mediaType: 'text/plain; charset=utf-8', required: true },
    };
    const got = await send(buildRequest(binding, { body: 'line 1\r\nline 2 ü' }, base, { type: 'object', properties: { body: { type: 'string' } } }));
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.body.toString('utf8')).toBe('line 1\r\nline 2 ü');
  });
});
