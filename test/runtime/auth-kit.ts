/** What the credential tests share: the schemes, their secrets and the recording upstream. */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { AuthError, applyCredentials } from '../../templates/runtime/auth.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { buildRequest, toFetchInit } from '../../templates/runtime/request.gen.js';
import type { ApiConfig, HttpBinding, SecurityRequirement } from '../../templates/runtime/types.gen.js';
import { startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';

export const KEY = 'key-SECRET-0001';
export const BEARER = 'bearer-SECRET-0002';
export const PASSWORD = 'pa:ss wörd-SECRET-0003';
export const CLIENT_SECRET = 's:cret+SECRET-0004';
export const ACCESS = 'access-SECRET-0005';

export const credentials: ApiConfig['credentials'] = {
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

export const binding = (security: SecurityRequirement[]): HttpBinding => ({
  kind: 'http',
  method: 'GET',
  path: '/items',
  arguments: { q: { in: 'query', name: 'q', required: false }, theme: { in: 'cookie', name: 'theme', required: false } },
  security,
});

/** The recording upstream (also the token endpoint at /oauth/token), reset before each test. */
export const kit: {
  upstream: RecordingUpstream;
  tokenRequests: RecordedRequest[];
  /** Answers the n-th token request; tests replace it. */
  tokenAnswer: (n: number, res: ServerResponse) => void;
} = { upstream: undefined as unknown as RecordingUpstream, tokenRequests: [], tokenAnswer: () => undefined };

/** Starts the recording upstream for the calling test file and resets it before each test. */
export function useAuthUpstream(): void {
  beforeAll(async () => {
    kit.upstream = await startUpstream();
  });
  afterAll(() => kit.upstream.close());
  beforeEach(() => {
    kit.upstream.requests.length = 0;
    kit.tokenRequests = [];
    kit.tokenAnswer = (n, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `${ACCESS}-${n}`, token_type: 'Bearer', expires_in: 120 }));
    };
    kit.upstream.handler = (req, res) => {
      if (req.url === '/oauth/token') {
        kit.tokenRequests.push(req);
        kit.tokenAnswer(kit.tokenRequests.length, res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    };
  });
}

/** Builds the request, applies credentials, sends it to the recording upstream; returns what arrived. */
export async function send(
  security: SecurityRequirement[],
  env: Record<string, string | undefined>,
  options: { tokens?: TokenCache; args?: Record<string, unknown>; creds?: ApiConfig['credentials'] } = {},
): Promise<RecordedRequest> {
  const req = buildRequest(binding(security), options.args ?? {}, kit.upstream.url);
  await applyCredentials(req, security, options.creds ?? credentials, env, options.tokens ?? new TokenCache(), fetch);
  const { url, init } = toFetchInit(req);
  const response = await fetch(url, init);
  await response.text();
  const last = kit.upstream.requests.at(-1);
  if (last === undefined) throw new Error('nothing reached the upstream');
  return last;
}

export async function authError(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}
