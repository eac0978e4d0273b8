import { describe, expect, it } from 'vitest';
import { createEndpointAuth, EndpointAuthError, exposureCheck, isLoopbackHost, parseStaticTokens } from '../../templates/runtime/endpoint-auth.gen.js';

const A = 'a'.repeat(16);
const B = 'token-b-0123456789';

describe('parseStaticTokens', () => {
  it('comma-separated, blanks dropped', () => expect(parseStaticTokens(` ${A} ,, ${B} `, 'X_MCP_TOKEN')).toEqual([A, B]));
  it('unset: none', () => expect(parseStaticTokens(undefined, 'X_MCP_TOKEN')).toEqual([]));
  it('refuses a short token without quoting it', () => {
    expect(() => parseStaticTokens(`${A},hunter2`, 'X_MCP_TOKEN')).toThrow(
      new EndpointAuthError('X_MCP_TOKEN: token 2 has 7 characters, at least 16 are needed (e.g. openssl rand -hex 32)'),
    );
  });
});

describe('the static-token gate', () => {
  const auth = createEndpointAuth({ tokens: [A, B] })!;
  const cases: { name: string; header: string | undefined; ok: boolean; challenge?: string }[] = [
    { name: 'the first token', header: `Bearer ${A}`, ok: true },
    { name: 'the second token, lower-case scheme', header: `bearer ${B}`, ok: true },
    { name: 'no header (RFC 6750 §3.1: no error code then)', header: undefined, ok: false, challenge: 'Bearer' },
    { name: 'a wrong token', header: `Bearer ${A}x`, ok: false, challenge: 'Bearer error="invalid_token", error_description="Invalid token"' },
    { name: 'a prefix of a token', header: `Bearer ${A.slice(0, 15)}`, ok: false, challenge: 'Bearer error="invalid_token", error_description="Invalid token"' },
    { name: 'Basic', header: `Basic ${A}`, ok: false, challenge: `Bearer error="invalid_token", error_description="Invalid Authorization header format, expected 'Bearer TOKEN'"` },
    { name: 'two tokens', header: `Bearer ${A}, Bearer ${B}`, ok: false, challenge: `Bearer error="invalid_token", error_description="Invalid Authorization header format, expected 'Bearer TOKEN'"` },
  ];
  for (const { name, header, ok, challenge } of cases) {
    it(name, async () => {
      const verdict = await auth.check(header);
      expect(verdict.ok).toBe(ok);
      if (!verdict.ok) expect([verdict.response.status, verdict.response.headers.get('www-authenticate')]).toEqual([401, challenge]);
      else expect(verdict.authInfo).toBeUndefined(); // full access: no token scopes to apply
    });
  }
  it('nothing configured: no gate', () => expect(createEndpointAuth({ tokens: [] })).toBeUndefined());
});

describe('exposureCheck', () => {
  const loopback = ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'];
  const exposed = ['0.0.0.0', '::', '192.168.1.5', 'mcp.example.com', 'fd00::1'];
  for (const host of loopback) it(`${host} is loopback`, () => expect([isLoopbackHost(host), exposureCheck(host, undefined, false, 'X_MCP_TOKEN')]).toEqual([true, {}]));
  for (const host of exposed) {
    it(`${host} needs authentication`, () =>
      expect(exposureCheck(host, undefined, false, 'X_MCP_TOKEN').error).toBe(
        `refusing to serve ${host} without authentication: set X_MCP_TOKEN (bearer tokens) or --oauth-issuer and --oauth-audience, or pass --no-auth`,
      ));
  }
  it('with a gate it may start', () => expect(exposureCheck('0.0.0.0', createEndpointAuth({ tokens: [A] }), false, 'X')).toEqual({}));
  it('--no-auth: a warning, on every host', () => {
    for (const host of ['0.0.0.0', '127.0.0.1']) expect(exposureCheck(host, undefined, true, 'X').warning).toMatch(/^WARNING: --no-auth: the MCP endpoint on /);
  });
});
