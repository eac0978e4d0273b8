import { describe, expect, it } from 'vitest';
import { appendQueryParameter, buildRequest, RequestError, toFetchInit, type PreparedRequest } from '../../templates/runtime/request.gen.js';
import type { ArgumentBinding, HttpBinding } from '../../templates/runtime/types.gen.js';

const BASE = 'https://api.example.com/v1';

function binding(path: string, args: Record<string, ArgumentBinding>, extra: Partial<HttpBinding> = {}): HttpBinding {
  return { kind: 'http', method: 'get', path, arguments: args, security: [], ...extra };
}
const pathArg = (name: string, more: Partial<ArgumentBinding> = {}): ArgumentBinding => ({ in: 'path', name, required: true, style: 'simple', explode: false, ...more });
const queryArg = (name: string, more: Partial<ArgumentBinding> = {}): ArgumentBinding => ({ in: 'query', name, required: false, style: 'form', explode: true, ...more });

describe('buildRequest: the URL', () => {
  const pets = binding('/pets/{petId}', { petId: pathArg('petId') });
  const cases: { name: string; given: { binding: HttpBinding; args: Record<string, unknown>; base?: string }; want: { href: string; pathname: string } }[] = [
    { name: 'a plain id', given: { binding: pets, args: { petId: 'p1' } }, want: { href: 'https://api.example.com/v1/pets/p1', pathname: '/v1/pets/p1' } },
    {
      name: 'traversal, query and fragment characters stay in the segment',
      given: { binding: pets, args: { petId: '../../admin?x=1#' } },
      want: { href: 'https://api.example.com/v1/pets/..%2F..%2Fadmin%3Fx%3D1%23', pathname: '/v1/pets/..%2F..%2Fadmin%3Fx%3D1%23' },
    },
    { name: 'encoded dots are not dot segments', given: { binding: pets, args: { petId: '%2e%2e' } }, want: { href: 'https://api.example.com/v1/pets/%252e%252e', pathname: '/v1/pets/%252e%252e' } },
    { name: 'a backslash cannot become a slash', given: { binding: pets, args: { petId: '..\\..' } }, want: { href: 'https://api.example.com/v1/pets/..%5C..', pathname: '/v1/pets/..%5C..' } },
    { name: 'dots inside a segment are fine', given: { binding: binding('/files/{name}.json', { name: pathArg('name') }), args: { name: '..' } }, want: { href: 'https://api.example.com/v1/files/...json', pathname: '/v1/files/...json' } },
    {
      name: 'several parameters, matrix and label styles',
      given: { binding: binding('/a/{x}/b{y}/{z}', { x: pathArg('x', { style: 'matrix' }), y: pathArg('y', { style: 'label', explode: true }), z: pathArg('z') }), args: { x: ['1', '2'], y: { k: 'v' }, z: 3 } },
      want: { href: 'https://api.example.com/v1/a/;x=1,2/b.k=v/3', pathname: '/v1/a/;x=1,2/b.k=v/3' },
    },
    {
      name: 'query in binding order; undefined, null and empty lists left out; unknown arguments ignored',
      given: {
        binding: binding('/search', { q: queryArg('q'), tags: queryArg('tags'), none: queryArg('none'), empty: queryArg('empty'), sort: queryArg('sort', { explode: false }) }),
        args: { sort: ['a', 'b'], q: 'x&y=z', tags: ['t1', 't2'], none: null, empty: [], extra: 'ignored' },
      },
      want: { href: 'https://api.example.com/v1/search?q=x%26y%3Dz&tags=t1&tags=t2&sort=a,b', pathname: '/v1/search' },
    },
    { name: 'a spec path name differs from the argument name', given: { binding: binding('/users/{id}', { id_path: pathArg('id') }), args: { id_path: 'u 1' } }, want: { href: 'https://api.example.com/v1/users/u%201', pathname: '/v1/users/u%201' } },
    { name: 'literal template text a path cannot hold is encoded', given: { binding: binding('/a b/{id}', { id: pathArg('id') }), args: { id: '1' } }, want: { href: 'https://api.example.com/v1/a%20b/1', pathname: '/v1/a%20b/1' } },
    { name: 'a fragment in the path key is dropped', given: { binding: binding('/cookies#formExploded', {}), args: {} }, want: { href: 'https://api.example.com/v1/cookies', pathname: '/v1/cookies' } },
    {
      name: 'a fixed query in the path key comes first',
      given: { binding: binding('/things/{id}?action=run&for={id}#x', { id: pathArg('id'), q: queryArg('q') }), args: { id: 'a&b', q: '1' } },
      want: { href: 'https://api.example.com/v1/things/a%26b?action=run&for=a%26b&q=1', pathname: '/v1/things/a%26b' },
    },
    { name: 'base URL with a trailing slash and a query', given: { binding: pets, args: { petId: '1' }, base: 'https://h.example.com/api/?v=2' }, want: { href: 'https://h.example.com/api/pets/1?v=2', pathname: '/api/pets/1' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const req = buildRequest(given.binding, given.args, given.base ?? BASE);
    expect({ href: req.url.href, pathname: req.url.pathname }).toEqual(want);
    expect(req.method).toBe('GET');
  });

  const rejected: { name: string; given: { binding: HttpBinding; args: Record<string, unknown> }; want: string }[] = [
    { name: '".." as a whole segment', given: { binding: pets, args: { petId: '..' } }, want: 'argument "petId" cannot be "..": it would change the request path' },
    { name: '"." as a whole segment', given: { binding: pets, args: { petId: '.' } }, want: 'argument "petId" cannot be ".": it would change the request path' },
    { name: 'two values that make ".."', given: { binding: binding('/a/{x}{y}', { x: pathArg('x'), y: pathArg('y') }), args: { x: '.', y: '.' } }, want: 'the arguments for /a/{x}{y} would change the request path' },
    { name: 'an empty segment', given: { binding: pets, args: { petId: '' } }, want: 'argument "petId" must not be empty: it is a path segment' },
    { name: 'a missing path argument', given: { binding: pets, args: {} }, want: 'argument "petId" is required (path parameter {petId})' },
    { name: 'an empty list as a path argument', given: { binding: pets, args: { petId: [] } }, want: 'argument "petId" must not be empty: it is a path parameter' },
    { name: 'a null path argument', given: { binding: pets, args: { petId: null } }, want: 'argument "petId" is required (path parameter {petId})' },
    { name: 'a template variable without a binding', given: { binding: binding('/pets/{petId}', {}), args: { petId: '1' } }, want: 'the path /pets/{petId} has no argument for {petId}' },
  ];
  it.each(rejected)('rejects $name', ({ given, want }) => {
    expect(() => buildRequest(given.binding, given.args, BASE)).toThrow(new RequestError(want));
  });
});

describe('buildRequest: headers and cookies', () => {
  const b = binding('/me', {
    trace: { in: 'header', name: 'X-Trace-Id', required: false, style: 'simple', explode: false },
    color: { in: 'cookie', name: 'color', required: false, style: 'form', explode: false },
    session: { in: 'cookie', name: 'session', required: false, style: 'form', explode: true },
  });
  it('sets headers and collects encoded cookies', () => {
    const req = buildRequest(b, { trace: 'abc 1', color: ['blue', 'black'], session: 'a;b' }, BASE);
    expect([...req.headers]).toEqual([['x-trace-id', 'abc 1']]);
    expect(req.cookies).toEqual([['color', 'blue,black'], ['session', 'a%3Bb']]);
  });
  const rejected: { name: string; given: Record<string, unknown>; want: string }[] = [
    { name: 'CRLF in a header', given: { trace: 'a\r\nX-Admin: true' }, want: 'argument "trace" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'LF in a cookie', given: { session: 'a\nb' }, want: 'argument "session" contains a control character (such as CR or LF), which a cookie value cannot hold' },
  ];
  it.each(rejected)('rejects $name', ({ given, want }) => {
    expect(() => buildRequest(b, given, BASE)).toThrow(new RequestError(want));
  });
  it('a header name from the spec that HTTP cannot carry', () => {
    const bad = binding('/', { h: { in: 'header', name: 'Bad Name', required: false } });
    expect(() => buildRequest(bad, { h: 'x' }, BASE)).toThrow(new RequestError('the header name "Bad Name" in the API description is not a valid HTTP header name'));
  });
});

describe('buildRequest: the body', () => {
  const flat = binding('/pets', { name: { in: 'body', name: 'name', required: true }, tag: { in: 'body', name: 'tag', required: false }, note: { in: 'body', name: 'note', required: false } }, {
    method: 'post',
    body: { mediaType: 'application/json', required: true },
  });
  const whole = (required: boolean): HttpBinding =>
    binding('/pets', { body: { in: 'body', name: '', required } }, { method: 'put', body: { mediaType: 'application/json', required } });
  const cases: { name: string; given: { binding: HttpBinding; args: Record<string, unknown> }; want: { body: string | undefined; contentType: string | null } }[] = [
    { name: 'flattened members; null kept, undefined left out', given: { binding: flat, args: { name: 'Rex', tag: null } }, want: { body: '{"name":"Rex","tag":null}', contentType: 'application/json' } },
    { name: 'required body with no member given is {}', given: { binding: flat, args: {} }, want: { body: '{}', contentType: 'application/json' } },
    { name: 'optional flattened body with nothing given is left out', given: { binding: { ...flat, body: { mediaType: 'application/json', required: false } }, args: {} }, want: { body: undefined, contentType: null } },
    { name: 'whole body', given: { binding: whole(true), args: { body: [1, 'a'] } }, want: { body: '[1,"a"]', contentType: 'application/json' } },
    { name: 'optional whole body not given', given: { binding: whole(false), args: {} }, want: { body: undefined, contentType: null } },
    { name: 'optional whole body null', given: { binding: whole(false), args: { body: null } }, want: { body: undefined, contentType: null } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const req = buildRequest(given.binding, given.args, BASE);
    expect(req.method).toBe(given.binding.method.toUpperCase());
    expect(req.body).toBe(want.body);
    expect(req.headers.get('content-type')).toBe(want.contentType);
  });
  it('a required whole body that is missing', () => {
    expect(() => buildRequest(whole(true), {}, BASE)).toThrow(new RequestError('argument "body" is required (the request body)'));
  });
  it('an optional body given as {} is left out, so a GET can declare one', () => {
    const get = binding('/charges', { body: { in: 'body', name: '', required: false } }, { body: { mediaType: 'application/x-www-form-urlencoded', required: false } });
    const req = buildRequest(get, { body: {} }, BASE);
    expect([req.body, req.headers.get('content-type')]).toEqual([undefined, null]);
  });
  it('a GET with a body', () => {
    const get = binding('/search', { body: { in: 'body', name: '', required: false } }, { body: { mediaType: 'application/json', required: false } });
    expect(() => buildRequest(get, { body: { q: 1 } }, BASE)).toThrow(new RequestError('a GET request cannot carry a body (argument "body")'));
  });
  it('multipart members find their schemas through the inputSchema', async () => {
    const upload = binding('/upload', { file: { in: 'body', name: 'file', required: true }, note: { in: 'body', name: 'note', required: false } }, {
      method: 'post',
      body: { mediaType: 'multipart/form-data', required: true },
    });
    const inputSchema = { type: 'object', properties: { file: { $ref: '#/$defs/Bin' }, note: { type: 'string' } }, $defs: { Bin: { type: 'string', contentEncoding: 'base64' } } };
    const req = buildRequest(upload, { file: 'AAEC', note: 'AAEC' }, BASE, inputSchema);
    expect(req.headers.get('content-type')).toBeNull();
    const form = req.body as FormData;
    const file = form.get('file') as File;
    expect([file.name, file.type, [...new Uint8Array(await file.arrayBuffer())]]).toEqual(['file', 'application/octet-stream', [0, 1, 2]]);
    expect(form.get('note')).toBe('AAEC');
  });
  it('invalid base64 in a flattened member names the argument', () => {
    const upload = binding('/upload', { file_data: { in: 'body', name: 'file', required: true } }, { method: 'post', body: { mediaType: 'multipart/form-data', required: true } });
    const inputSchema = { type: 'object', properties: { file_data: { type: 'string', contentEncoding: 'base64' } } };
    expect(() => buildRequest(upload, { file_data: '***' }, BASE, inputSchema)).toThrow(new RequestError('argument "file_data" must be base64-encoded bytes'));
  });
});

describe('toFetchInit', () => {
  function prepared(cookies: Array<[string, string]>, headers: Record<string, string> = {}): PreparedRequest {
    return { method: 'POST', url: new URL('https://h.example.com/a?b=%20'), headers: new Headers(headers), cookies, body: '{}' };
  }
  it('joins cookies after an existing Cookie header', () => {
    const { url, init } = toFetchInit(prepared([['a', '1'], ['b', '2%3B'], ['c', 'x,y']], { cookie: 'sid=x', 'content-type': 'application/json' }));
    expect(url).toBe('https://h.example.com/a?b=%20');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect([...(init.headers as Headers)]).toEqual([['content-type', 'application/json'], ['cookie', 'sid=x; a=1; b=2%3B; c=x,y']]);
  });
  it('no Cookie header without cookies', () => {
    expect((toFetchInit(prepared([])).init.headers as Headers).has('cookie')).toBe(false);
  });
  it('does not change the prepared headers', () => {
    const req = prepared([['a', '1']]);
    toFetchInit(req);
    expect(req.headers.has('cookie')).toBe(false);
  });
  const unencoded: { name: string; given: [string, string]; want: string }[] = [
    { name: 'a semicolon in the value', given: ['a', 'x; admin=1'], want: 'the cookie "a" has characters a Cookie header cannot hold' },
    { name: 'a quote in the value', given: ['a', 'x"'], want: 'the cookie "a" has characters a Cookie header cannot hold' },
    { name: 'CRLF in the value', given: ['a', 'x\r\nX: 1'], want: 'the cookie "a" has characters a Cookie header cannot hold' },
    { name: 'a name that is not a token (not repeated)', given: ['a=b', 'x'], want: 'the cookie "?" has characters a Cookie header cannot hold' },
  ];
  it.each(unencoded)('rejects a cookie pair with $name', ({ given, want }) => {
    expect(() => toFetchInit(prepared([given]))).toThrow(new RequestError(want));
  });
});

describe('appendQueryParameter', () => {
  it('appends without re-encoding the query', () => {
    const url = new URL('https://h.example.com/p?q=a%20b,c&r=x/y');
    appendQueryParameter(url, 'api key', 'v&w=1');
    expect(url.href).toBe('https://h.example.com/p?q=a%20b,c&r=x/y&api%20key=v%26w%3D1');
  });
  it('starts a query', () => {
    const url = new URL('https://h.example.com/p');
    appendQueryParameter(url, 'k', 'v');
    expect(url.href).toBe('https://h.example.com/p?k=v');
  });
});
