import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpointAuth, type EndpointAuth } from '../../templates/runtime/endpoint-auth.gen.js';
import { createOAuthResource } from '../../templates/runtime/oauth-resource.gen.js';
import { startIssuer } from '../support/local-issuer.js';

/**
 * docs/endpoint-auth.md: `exp` and `nbf` are checked with 30 s of clock tolerance, so a server
 * whose clock runs a little ahead of the issuer's still takes a token that has just expired for it.
 * Tokens come from a real local authorization server (oauth2-mock-server signs them).
 */
const AUDIENCE = 'http://127.0.0.1:3000/mcp';
let issuer: OAuth2Server;
let gate: EndpointAuth;

beforeAll(async () => {
  issuer = await startIssuer();
  const oauth = await createOAuthResource({ issuer: issuer.issuer.url!, audience: AUDIENCE, scopes: ['read'] });
  gate = createEndpointAuth({ tokens: [], oauth })!;
});
afterAll(() => issuer.stop());

async function verdict(expiresIn: number): Promise<string> {
  const token = await issuer.issuer.buildToken({ expiresIn, scopesOrTransform: (_h, p) => Object.assign(p, { aud: AUDIENCE, scope: 'read', nbf: undefined }) });
  const result = await gate.check(`Bearer ${token}`);
  return result.ok ? 'ok' : `${result.response.status} ${result.response.headers.get('www-authenticate')}`;
}

describe('OAuth access tokens near their expiry', () => {
  it('valid for another minute: accepted', async () => expect(await verdict(60)).toBe('ok'));
  it('expired 10 s ago, inside the 30 s tolerance: accepted', async () => expect(await verdict(-10)).toBe('ok'));
  it('expired 60 s ago: refused as expired', async () => expect(await verdict(-60)).toMatch(/^401 Bearer error="invalid_token", error_description="Token has expired"/));
});
