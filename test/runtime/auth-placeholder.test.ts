import { describe, expect, it } from 'vitest';
import { AuthError, applyCredentials, PLACEHOLDER } from '../../templates/runtime/auth.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { buildRequest } from '../../templates/runtime/request.gen.js';
import type { ApiConfig, HttpBinding, SecurityRequirement } from '../../templates/runtime/types.gen.js';

/**
 * `--host-config` prints `"..."` for every credential variable of the package. Stripe's has two
 * alternatives (basic and bearer): a user fills in the one they have and leaves the others as
 * printed. The placeholder counts as unset, so the filled-in one is sent, not `Basic ...:...`.
 */
const credentials: ApiConfig['credentials'] = {
  basicAuth: { type: 'http-basic', env: { username: 'S_USER', password: 'S_PASS' } },
  bearerAuth: { type: 'http-bearer', env: { token: 'S_TOKEN' } },
  key: { type: 'apiKey', in: 'header', name: 'X-Key', env: { value: 'S_KEY' } },
  oauth: { type: 'oauth2-client-credentials', tokenUrl: 'https://auth.test/token', scopes: [], env: { clientId: 'S_CID', clientSecret: 'S_CS', token: 'S_OAUTH', tokenUrl: 'S_TOKEN_URL' } },
};
const stripe: SecurityRequirement[] = [{ basicAuth: [] }, { bearerAuth: [] }];
const binding = (security: SecurityRequirement[]): HttpBinding => ({ kind: 'http', method: 'GET', path: '/v1/account', arguments: {}, security });

async function authorization(security: SecurityRequirement[], env: Record<string, string>): Promise<string | null> {
  const req = buildRequest(binding(security), {}, 'http://127.0.0.1:1');
  await applyCredentials(req, security, credentials, env, new TokenCache(), fetch);
  return req.headers.get('authorization') ?? req.headers.get('x-key');
}

describe('credential variables left as the host entry printed them', () => {
  it('is the value host entries print', () => expect(PLACEHOLDER).toBe('...'));

  const cases: Array<{ name: string; security: SecurityRequirement[]; env: Record<string, string>; want: string }> = [
    { name: 'Stripe: bearer filled in, basic left as "..."', security: stripe, env: { S_USER: '...', S_PASS: '...', S_TOKEN: 'sk_test_FILLED' }, want: 'Bearer sk_test_FILLED' },
    { name: 'Stripe: basic user filled in, password and bearer left', security: stripe, env: { S_USER: 'sk_test_FILLED', S_PASS: '...', S_TOKEN: '...' }, want: `Basic ${Buffer.from('sk_test_FILLED:').toString('base64')}` },
    { name: 'OAuth2: its client id and ready token left as printed: the next alternative, an API key', security: [{ oauth: [] }, { key: [] }], env: { S_CID: '...', S_CS: 'x', S_OAUTH: '...', S_KEY: 'key-FILLED' }, want: 'key-FILLED' },
    { name: 'a placeholder with the blanks of a .env line', security: [{ bearerAuth: [] }, { key: [] }], env: { S_TOKEN: ' ... ', S_KEY: 'key-FILLED' }, want: 'key-FILLED' },
  ];
  it.each(cases)('$name', async ({ security, env, want }) => expect(await authorization(security, env)).toBe(want));

  it('nothing filled in: the call says which variables to set, and sends nothing', async () => {
    const req = buildRequest(binding(stripe), {}, 'http://127.0.0.1:1');
    const error = await applyCredentials(req, stripe, credentials, { S_USER: '...', S_PASS: '...', S_TOKEN: '...' }, new TokenCache(), fetch).catch((e: unknown) => e);
    expect(error).toEqual(new AuthError("Missing credentials: set S_USER and S_PASS, or set S_TOKEN in the server's environment."));
    expect(req.headers.get('authorization')).toBeNull();
  });
});
