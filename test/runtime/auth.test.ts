import { describe, expect, it } from 'vitest';
import { applyCredentials } from '../../templates/runtime/auth.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { buildRequest } from '../../templates/runtime/request.gen.js';
import type { SecurityRequirement } from '../../templates/runtime/types.gen.js';
import { closedPort } from '../support/recording-upstream.js';
import { authError, BEARER, binding, CLIENT_SECRET, credentials, KEY, kit, PASSWORD, send, useAuthUpstream } from './auth-kit.js';

useAuthUpstream();

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
    expect(kit.tokenRequests).toHaveLength(0);
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
    const req = buildRequest(binding(given.security), {}, kit.upstream.url);
    const error = await authError(applyCredentials(req, given.security, credentials, given.env, new TokenCache(), fetch));
    expect(error.message).toBe(want);
    expect(error.message).not.toMatch(/-SECRET|SECRET-/);
    expect(req.headers.get('authorization')).toBeNull();
  });
});
