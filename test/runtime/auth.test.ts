import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthError, applyCredentials } from '../../templates/runtime/auth.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { buildRequest, toFetchInit } from '../../templates/runtime/request.gen.js';
import type { ApiConfig, HttpBinding, SecurityRequirement } from '../../templates/runtime/types.gen.js';
import { closedPort, startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';

const KEY = 'key-SECRET-0001';
const BEARER = 'bearer-SECRET-0002';
const PASSWORD = 'pa:ss wörd-SECRET-0003';
const CLIENT_SECRET = 's:cret+SECRET-0004';
const ACCESS = 'access-SECRET-0005';

const credentials: ApiConfig['credentials'] = {
  keyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', env: { value: 'T_KEY_HEADER' } },
  keyQuery: { type: 'apiKey', in: 'query', name: 'api_key', env: { value: 'T_KEY_QUERY' } },
  keyCookie: { type: 'apiKey', in: 'cookie', name: 'session', env: { value: 'T_KEY_COOKIE' } },
  bearer: { type: 'http-bearer', env: { token: 'T_BEARER' } },
  basic: { type: 'http-basic', env: { username: 'T_USER', password: 'T_PASS' } },
  oidc: { type: 'token', scheme: 'openIdConnect', env: { token: 'T_OIDC' } },
  negotiate: { type: 'token', scheme: 'negotiate', env: { token: 'T_NEG' } },
  oauth: {
    type: 'oauth2-client-credentials',
    tokenUrl: '/oauth/token',
    scopes: ['read', 'write'],
    env: { clientId: 'T_CID', clientSecret: 'T_CSECRET', token: 'T_OAUTH_TOKEN', tokenUrl: 'T_TOKEN_URL' },
  },
  mtls: { type: 'unsupported', reason: 'mutualTLS needs a client certificate' },
  crafted: { type: 'token', scheme: 'x y\r\n', env: { token: 'T_CRAFTED' } },
  badHeader: { type: 'apiKey', in: 'header', name: 'X Key', env: { value: 'T_KEY_HEADER' } },
};

const binding = (security: SecurityRequirement[]): HttpBinding => ({
  kind: 'http',
  method: 'GET',
  path: '/items',
  arguments: { q: { in: 'query', name: 'q', required: false }, theme: { in: 'cookie', name: 'theme', required: false } },
  security,
});

let upstream: RecordingUpstream;
let tokenRequests: RecordedRequest[];
let tokenAnswer: (n: number, res: ServerResponse) => void;

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.requests.length = 0;
  tokenRequests = [];
  tokenAnswer = (n, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}`, token_type: 'Bearer', expires_in: 120 }));
  };
  upstream.handler = (req, res) => {
    if (req.url === '/oauth/token') {
      tokenRequests.push(req);
      tokenAnswer(tokenRequests.length, res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  };
});

/** Builds the request, applies credentials, sends it to the recording upstream; returns what arrived. */
async function send(
  security: SecurityRequirement[],
  env: Record<string, string | undefined>,
  options: { tokens?: TokenCache; args?: Record<string, unknown>; creds?: ApiConfig['credentials'] } = {},
): Promise<RecordedRequest> {
  const req = buildRequest(binding(security), options.args ?? {}, upstream.url);
  await applyCredentials(req, security, options.creds ?? credentials, env, options.tokens ?? new TokenCache(), fetch);
  const { url, init } = toFetchInit(req);
  const response = await fetch(url, init);
  await response.text();
  const last = upstream.requests.at(-1);
  if (last === undefined) throw new Error('nothing reached the upstream');
  return last;
}

async function authError(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('applyCredentials: each credential type reaches the upstream', () => {
  const cases: Array<{
    name: string;
    given: { security: SecurityRequirement[]; env: Record<string, string>; args?: Record<string, unknown> };
    want: { url?: string; headers?: Record<string, string | undefined>; cookies?: Array<[string, string]> };
  }> = [
    {
      name: 'apiKey in a header',
      given: { security: [{ keyHeader: [] }], env: { T_KEY_HEADER: KEY } },
      want: { url: '/items', headers: { 'x-api-key': KEY, authorization: undefined } },
    },
    {
      name: 'apiKey in the query, after the arguments, without re-encoding them',
      given: { security: [{ keyQuery: [] }], env: { T_KEY_QUERY: 'k+y/=SECRET' }, args: { q: "a b,c'" } },
      want: { url: "/items?q=a%20b%2Cc%27&api_key=k%2By%2F%3DSECRET" },
    },
    {
      name: 'apiKey in a cookie, next to a cookie argument, encoded as a cookie-octet string',
      given: { security: [{ keyCookie: [] }], env: { T_KEY_COOKIE: 'ck SECRET;1' }, args: { theme: 'dark' } },
      want: { cookies: [['theme', 'dark'], ['session', 'ck%20SECRET%3B1']] },
    },
    {
      name: 'HTTP bearer',
      given: { security: [{ bearer: [] }], env: { T_BEARER: BEARER } },
      want: { headers: { authorization: `Bearer ${BEARER}` } },
    },
    {
      name: 'HTTP bearer whose variable already says "Bearer", with a trailing CR from a .env file',
      given: { security: [{ bearer: [] }], env: { T_BEARER: `Bearer ${BEARER}\r` } },
      want: { headers: { authorization: `Bearer ${BEARER}` } },
    },
    {
      name: 'HTTP basic: base64 of user:password as UTF-8',
      given: { security: [{ basic: [] }], env: { T_USER: 'alice', T_PASS: PASSWORD } },
      want: { headers: { authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`, 'utf8').toString('base64')}` } },
    },
    {
      name: 'HTTP basic with no password (an API key as user name)',
      given: { security: [{ basic: [] }], env: { T_USER: 'sk_test_SECRET' } },
      want: { headers: { authorization: `Basic ${Buffer.from('sk_test_SECRET:').toString('base64')}` } },
    },
    {
      name: 'a ready OpenID Connect token is sent as Bearer',
      given: { security: [{ oidc: [] }], env: { T_OIDC: 'oidc-SECRET' } },
      want: { headers: { authorization: 'Bearer oidc-SECRET' } },
    },
    {
      name: 'a token for another HTTP scheme gets that scheme, canonically spelled',
      given: { security: [{ negotiate: [] }], env: { T_NEG: 'neg-SECRET' } },
      want: { headers: { authorization: 'Negotiate neg-SECRET' } },
    },
    {
      name: 'a scheme name that is not an HTTP token (crafted spec) falls back to Bearer',
      given: { security: [{ crafted: [] }], env: { T_CRAFTED: 'crafted-SECRET' } },
      want: { headers: { authorization: 'Bearer crafted-SECRET' } },
    },
    {
      name: 'OAuth2 with a ready token in the environment skips the token endpoint',
      given: { security: [{ oauth: ['read'] }], env: { T_OAUTH_TOKEN: 'ready-SECRET', T_CID: 'id', T_CSECRET: CLIENT_SECRET } },
      want: { headers: { authorization: 'Bearer ready-SECRET' } },
    },
    {
      name: 'two schemes in one alternative are both applied',
      given: { security: [{ keyHeader: [], bearer: [] }], env: { T_KEY_HEADER: KEY, T_BEARER: BEARER } },
      want: { headers: { 'x-api-key': KEY, authorization: `Bearer ${BEARER}` } },
    },
    {
      name: 'the first satisfiable alternative wins',
      given: { security: [{ bearer: [] }, { keyHeader: [] }, { basic: [] }], env: { T_KEY_HEADER: KEY, T_USER: 'alice' } },
      want: { headers: { 'x-api-key': KEY, authorization: undefined } },
    },
    {
      name: 'optional auth ({} first): configured credentials are still sent',
      given: { security: [{}, { bearer: [] }], env: { T_BEARER: BEARER } },
      want: { headers: { authorization: `Bearer ${BEARER}` } },
    },
    {
      name: 'optional auth without credentials goes anonymous',
      given: { security: [{ bearer: [] }, {}], env: {} },
      want: { url: '/items', headers: { authorization: undefined }, cookies: [] },
    },
    {
      name: 'no security requirements: nothing is added',
      given: { security: [], env: { T_BEARER: BEARER, T_KEY_HEADER: KEY } },
      want: { headers: { authorization: undefined, 'x-api-key': undefined } },
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    const got = await send(given.security, given.env, given.args ? { args: given.args } : {});
    if (want.url !== undefined) expect(got.url).toBe(want.url);
    for (const [name, value] of Object.entries(want.headers ?? {})) expect(got.headers[name]).toBe(value);
    if (want.cookies !== undefined) expect(got.cookies).toEqual(want.cookies);
    expect(tokenRequests).toHaveLength(0);
  });
});

describe('applyCredentials: missing or unusable credentials', () => {
  const cases: Array<{ name: string; given: { security: SecurityRequirement[]; env: Record<string, string> }; want: string }> = [
    {
      name: 'names every alternative\'s variables',
      given: { security: [{ keyHeader: [] }, { basic: [] }, { oauth: [] }], env: {} },
      want: 'Missing credentials: set T_KEY_HEADER, or set T_USER and T_PASS, or set T_CID and T_CSECRET (or a ready token in T_OAUTH_TOKEN) in the server\'s environment.',
    },
    {
      name: 'an alternative of two schemes needs both (one set is not enough)',
      given: { security: [{ keyHeader: [], bearer: [] }], env: { T_KEY_HEADER: KEY } },
      want: 'Missing credentials: set T_KEY_HEADER and T_BEARER in the server\'s environment.',
    },
    {
      name: 'an empty value counts as unset',
      given: { security: [{ bearer: [] }], env: { T_BEARER: '  ' } },
      want: 'Missing credentials: set T_BEARER in the server\'s environment.',
    },
    {
      name: 'OAuth2 needs both client id and secret',
      given: { security: [{ oauth: [] }], env: { T_CID: 'id' } },
      want: 'Missing credentials: set T_CID and T_CSECRET (or a ready token in T_OAUTH_TOKEN) in the server\'s environment.',
    },
    {
      name: 'unsupported schemes are explained, not offered',
      given: { security: [{ mtls: [] }, { nope: [] }, { constructor: [] }], env: {} },
      want: 'Missing credentials: this server cannot supply what this operation needs (security scheme "mtls": mutualTLS needs a client certificate; security scheme "nope": not configured; security scheme "constructor": not configured).',
    },
    {
      name: 'an unsupported alternative next to a usable one offers the usable one',
      given: { security: [{ mtls: [] }, { bearer: [] }], env: {} },
      want: 'Missing credentials: set T_BEARER in the server\'s environment.',
    },
    {
      name: 'a line break inside a value is refused without quoting it',
      given: { security: [{ bearer: [] }], env: { T_BEARER: 'abc\ndef-SECRET' } },
      want: 'environment variable T_BEARER contains a line break, NUL or a character above U+00FF, which an HTTP header cannot hold',
    },
    {
      name: 'an apiKey header name that is not an HTTP token is refused',
      given: { security: [{ badHeader: [] }], env: { T_KEY_HEADER: KEY } },
      want: 'the API key header name "X Key" is not a valid HTTP header name',
    },
    {
      name: 'a header apiKey beyond Latin-1 is refused',
      given: { security: [{ keyHeader: [] }], env: { T_KEY_HEADER: 'kéy€-SECRET' } },
      want: 'environment variable T_KEY_HEADER contains a line break, NUL or a character above U+00FF, which an HTTP header cannot hold',
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    const req = buildRequest(binding(given.security), {}, upstream.url);
    const error = await authError(applyCredentials(req, given.security, credentials, given.env, new TokenCache(), fetch));
    expect(error.message).toBe(want);
    expect(error.message).not.toMatch(/-SECRET|SECRET-/);
    expect(req.headers.get('authorization')).toBeNull();
  });
});

describe('OAuth2 client credentials', () => {
  const env = { T_CID: 'my client', T_CSECRET: CLIENT_SECRET };
  const basic = `Basic ${Buffer.from('my+client:s%3Acret%2BSECRET-0004').toString('base64')}`;

  it('POSTs the form to the token URL (relative to the API) with HTTP Basic client authentication', async () => {
    const got = await send([{ oauth: ['read', 'write'] }], env);
    expect(got.headers.authorization).toBe(`Bearer ${ACCESS}-1`);
    expect(tokenRequests).toHaveLength(1);
    const token = tokenRequests[0]!;
    expect(token.method).toBe('POST');
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.headers.authorization).toBe(basic);
    expect(token.body.toString()).toBe('grant_type=client_credentials&scope=read+write');
  });

  it('asks for the scopes the operation requires, else the configured ones; none → no scope field', async () => {
    const tokens = new TokenCache();
    await send([{ oauth: ['admin'] }], env, { tokens });
    await send([{ oauth: [] }], env, { tokens });
    const creds = { oauth: { ...credentials.oauth!, scopes: [] } } as ApiConfig['credentials'];
    await send([{ oauth: [] }], env, { creds });
    expect(tokenRequests.map((r) => r.body.toString())).toEqual([
      'grant_type=client_credentials&scope=admin',
      'grant_type=client_credentials&scope=read+write',
      'grant_type=client_credentials',
    ]);
  });

  it('fetches once for concurrent calls and reuses the token afterwards', async () => {
    tokenAnswer = (n, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}`, expires_in: 3600 })), 50);
    };
    const tokens = new TokenCache();
    const first = await Promise.all(Array.from({ length: 5 }, () => send([{ oauth: [] }], env, { tokens })));
    const later = await send([{ oauth: [] }], env, { tokens });
    expect(tokenRequests).toHaveLength(1);
    expect([...first, later].map((r) => r.headers.authorization)).toEqual(Array(6).fill(`Bearer ${ACCESS}-1`));
  });

  it('fetches again once expires_in minus the margin has passed (injected clock)', async () => {
    let now = 1_000_000;
    const tokens = new TokenCache({ now: () => now, marginMs: 30_000 });
    const auth = async () => (await send([{ oauth: [] }], env, { tokens })).headers.authorization;
    expect(await auth()).toBe(`Bearer ${ACCESS}-1`); // expires_in 120 s → kept for 90 s
    now += 89_999;
    expect(await auth()).toBe(`Bearer ${ACCESS}-1`);
    now += 1;
    expect(await auth()).toBe(`Bearer ${ACCESS}-2`);
    expect(tokenRequests).toHaveLength(2);
  });

  it('a short lifetime loses at most half of it to the margin; no expires_in → a default lifetime', async () => {
    let now = 0;
    const tokens = new TokenCache({ now: () => now });
    tokenAnswer = (n, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(n === 1 ? { access_token: 'short-token-1', expires_in: 2 } : { access_token: `plain-token-${n}` }));
    const auth = async () => (await send([{ oauth: [] }], env, { tokens })).headers.authorization;
    expect(await auth()).toBe('Bearer short-token-1');
    now = 999;
    expect(await auth()).toBe('Bearer short-token-1');
    now = 1000;
    expect(await auth()).toBe('Bearer plain-token-2');
    now = 1000 + 300_000 - 30_000 - 1;
    expect(await auth()).toBe('Bearer plain-token-2');
    now += 1;
    expect(await auth()).toBe('Bearer plain-token-3');
  });

  it('accepts a form-encoded token response and a numeric-string expires_in', async () => {
    tokenAnswer = (_n, res) => res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end('access_token=form-token-1&expires_in=60');
    expect((await send([{ oauth: [] }], env)).headers.authorization).toBe('Bearer form-token-1');
  });

  it('a token endpoint error becomes an AuthError with its status and OAuth error code, no secrets, and is not cached', async () => {
    tokenAnswer = (_n, res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client', error_description: `secret ${CLIENT_SECRET} is wrong` }));
    const tokens = new TokenCache();
    const req = buildRequest(binding([{ oauth: [] }]), {}, upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, tokens, fetch));
    expect(error.message).toBe(`OAuth token request to ${upstream.url}/oauth/token failed: HTTP 401 (invalid_client: secret [REDACTED] is wrong)`);
    expect(error.status).toBe(401);
    await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, tokens, fetch));
    expect(tokenRequests).toHaveLength(2);
  });

  it('a token response without access_token is an AuthError', async () => {
    tokenAnswer = (_n, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_type":"Bearer"}');
    const req = buildRequest(binding([{ oauth: [] }]), {}, upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, new TokenCache(), fetch));
    expect(error.message).toBe(`OAuth token response from ${upstream.url}/oauth/token has no access_token`);
  });

  it('takes the token URL from its environment variable over the one in the spec (finding 2)', async () => {
    const creds = { oauth: { ...credentials.oauth!, tokenUrl: 'http://127.0.0.1:1/evil-token' } } as ApiConfig['credentials'];
    const got = await send([{ oauth: [] }], { ...env, T_TOKEN_URL: `${upstream.url}/oauth/token` }, { creds });
    expect(got.headers.authorization).toBe(`Bearer ${ACCESS}-1`);
    expect(tokenRequests).toHaveLength(1);
  });

  it('an unreachable token endpoint is an AuthError with a short reason', async () => {
    const port = await closedPort();
    const creds = { oauth: { ...credentials.oauth!, tokenUrl: `http://127.0.0.1:${port}/token?x=1` } } as ApiConfig['credentials'];
    const req = buildRequest(binding([{ oauth: [] }]), {}, upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], creds, env, new TokenCache(), fetch));
    expect(error.message).toBe(`OAuth token request to http://127.0.0.1:${port}/token failed: connection refused`);
  });

  it('a caller that gives up does not cancel the shared fetch for the others', async () => {
    tokenAnswer = (n, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}` })), 60);
    };
    const tokens = new TokenCache();
    const controller = new AbortController();
    const reqA = buildRequest(binding([{ oauth: [] }]), {}, upstream.url);
    const reqB = buildRequest(binding([{ oauth: [] }]), {}, upstream.url);
    const a = applyCredentials(reqA, [{ oauth: [] }], credentials, env, tokens, fetch, controller.signal);
    const b = applyCredentials(reqB, [{ oauth: [] }], credentials, env, tokens, fetch);
    controller.abort(new Error('caller left'));
    await expect(a).rejects.toThrow('caller left');
    await b;
    expect(reqB.headers.get('authorization')).toBe(`Bearer ${ACCESS}-1`);
    expect(tokenRequests).toHaveLength(1);
  });

  it('invalidate() forgets a token it handed out, so the next call fetches a new one', async () => {
    const tokens = new TokenCache();
    await send([{ oauth: [] }], env, { tokens });
    expect(tokens.invalidate('some-other-token')).toBe(false);
    expect(tokens.invalidate(`${ACCESS}-1`)).toBe(true);
    expect((await send([{ oauth: [] }], env, { tokens })).headers.authorization).toBe(`Bearer ${ACCESS}-2`);
  });
});
