import { describe, expect, it } from 'vitest';
import { applyCredentials } from '../../templates/runtime/auth.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { buildRequest } from '../../templates/runtime/request.gen.js';
import type { ApiConfig } from '../../templates/runtime/types.gen.js';
import { closedPort } from '../support/recording-upstream.js';
import { ACCESS, authError, binding, CLIENT_SECRET, credentials, kit, send, useAuthUpstream } from './auth-kit.js';

useAuthUpstream();

describe('OAuth2 client credentials', () => {
  const env = { T_CID: 'my client', T_CSECRET: CLIENT_SECRET };
  const basic = `Basic ${Buffer.from('my+client:s%3Acret%2BSECRET-0004').toString('base64')}`;

  it('POSTs the form to the token URL (relative to the API) with HTTP Basic client authentication', async () => {
    const got = await send([{ oauth: ['read', 'write'] }], env);
    expect(got.headers.authorization).toBe(`Bearer ${ACCESS}-1`);
    expect(kit.tokenRequests).toHaveLength(1);
    const token = kit.tokenRequests[0]!;
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
    expect(kit.tokenRequests.map((r) => r.body.toString())).toEqual([
      'grant_type=client_credentials&scope=admin',
      'grant_type=client_credentials&scope=read+write',
      'grant_type=client_credentials',
    ]);
  });

  it('fetches once for concurrent calls and reuses the token afterwards', async () => {
    kit.tokenAnswer = (n, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}`, expires_in: 3600 })), 50);
    };
    const tokens = new TokenCache();
    const first = await Promise.all(Array.from({ length: 5 }, () => send([{ oauth: [] }], env, { tokens })));
    const later = await send([{ oauth: [] }], env, { tokens });
    expect(kit.tokenRequests).toHaveLength(1);
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
    expect(kit.tokenRequests).toHaveLength(2);
  });

  it('a short lifetime loses at most half of it to the margin; no expires_in → a default lifetime', async () => {
    let now = 0;
    const tokens = new TokenCache({ now: () => now });
    kit.tokenAnswer = (n, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(n === 1 ? { access_token: 'short-token-1', expires_in: 2 } : { access_token: `plain-token-${n}` }));
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
    kit.tokenAnswer = (_n, res) => res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end('access_token=form-token-1&expires_in=60');
    expect((await send([{ oauth: [] }], env)).headers.authorization).toBe('Bearer form-token-1');
  });

  it('a token endpoint error becomes an AuthError with its status and OAuth error code, no secrets, and is not cached', async () => {
    kit.tokenAnswer = (_n, res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client', error_description: `secret ${CLIENT_SECRET} is wrong` }));
    const tokens = new TokenCache();
    const req = buildRequest(binding([{ oauth: [] }]), {}, kit.upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, tokens, fetch));
    expect(error.message).toBe(`OAuth token request to ${kit.upstream.url}/oauth/token failed: HTTP 401 (invalid_client: secret [REDACTED] is wrong)`);
    expect(error.status).toBe(401);
    await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, tokens, fetch));
    expect(kit.tokenRequests).toHaveLength(2);
  });

  it('a token response without access_token is an AuthError', async () => {
    kit.tokenAnswer = (_n, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_type":"Bearer"}');
    const req = buildRequest(binding([{ oauth: [] }]), {}, kit.upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], credentials, env, new TokenCache(), fetch));
    expect(error.message).toBe(`OAuth token response from ${kit.upstream.url}/oauth/token has no access_token`);
  });

  it('takes the token URL from its environment variable over the one in the spec (finding 2)', async () => {
    const creds = { oauth: { ...credentials.oauth!, tokenUrl: 'http://127.0.0.1:1/evil-token' } } as ApiConfig['credentials'];
    const got = await send([{ oauth: [] }], { ...env, T_TOKEN_URL: `${kit.upstream.url}/oauth/token` }, { creds });
    expect(got.headers.authorization).toBe(`Bearer ${ACCESS}-1`);
    expect(kit.tokenRequests).toHaveLength(1);
  });

  it('an unreachable token endpoint is an AuthError with a short reason', async () => {
    const port = await closedPort();
    const creds = { oauth: { ...credentials.oauth!, tokenUrl: `http://127.0.0.1:${port}/token?x=1` } } as ApiConfig['credentials'];
    const req = buildRequest(binding([{ oauth: [] }]), {}, kit.upstream.url);
    const error = await authError(applyCredentials(req, [{ oauth: [] }], creds, env, new TokenCache(), fetch));
    expect(error.message).toBe(`OAuth token request to http://127.0.0.1:${port}/token failed: connection refused`);
  });

  it('a caller that gives up does not cancel the shared fetch for the others', async () => {
    kit.tokenAnswer = (n, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}` })), 60);
    };
    const tokens = new TokenCache();
    const controller = new AbortController();
    const reqA = buildRequest(binding([{ oauth: [] }]), {}, kit.upstream.url);
    const reqB = buildRequest(binding([{ oauth: [] }]), {}, kit.upstream.url);
    const a = applyCredentials(reqA, [{ oauth: [] }], credentials, env, tokens, fetch, controller.signal);
    const b = applyCredentials(reqB, [{ oauth: [] }], credentials, env, tokens, fetch);
    controller.abort(new Error('caller left'));
    await expect(a).rejects.toThrow('caller left');
    await b;
    expect(reqB.headers.get('authorization')).toBe(`Bearer ${ACCESS}-1`);
    expect(kit.tokenRequests).toHaveLength(1);
  });

  it('invalidate() forgets a token it handed out, so the next call fetches a new one', async () => {
    const tokens = new TokenCache();
    await send([{ oauth: [] }], env, { tokens });
    expect(tokens.invalidate('some-other-token')).toBe(false);
    expect(tokens.invalidate(`${ACCESS}-1`)).toBe(true);
    expect((await send([{ oauth: [] }], env, { tokens })).headers.authorization).toBe(`Bearer ${ACCESS}-2`);
  });
});
