/**
 * The upstream exchange on node:http (upstream.gen.ts) against a real server: what the upstream
 * receives is what fetch would send.
 */
import { describe, expect, it } from 'vitest';
import { nodeExchange, type UpstreamRequest } from '../../templates/runtime/upstream.gen.js';
import { useExchangeUpstream, viaFetch, type Received } from './upstream-kit.js';

const { received, request, sendWith } = useExchangeUpstream();

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
