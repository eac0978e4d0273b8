import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createToolCaller, DEFAULT_TIMEOUT_MS, type ToolCallerDeps } from '../../templates/runtime/call-tool.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { ERROR_META_KEY, STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import type { ApiConfig, HttpBinding, SecurityRequirement, ToolEntry } from '../../templates/runtime/types.gen.js';
import { closedPort, startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';

const SECRETS = {
  T_KEY: 'query-key-SECRET-1+/=',
  T_HKEY: 'header-key-SECRET-2',
  T_CKEY: 'cookie-key-SECRET-3',
  T_BEARER: 'bearer-SECRET-4',
  T_USER: 'alice',
  T_PASS: 'basic-pass-SECRET-5',
  T_CID: 'client-id',
  T_CSECRET: 'client-secret-SECRET-6',
} as const;

const config = (tokenUrl = '/oauth/token'): ApiConfig => ({
  name: 'test-api-mcp',
  version: '1.0.0',
  title: 'Test API',
  servers: [],
  credentials: {
    query: { type: 'apiKey', in: 'query', name: 'api_key', env: { value: 'T_KEY' } },
    header: { type: 'apiKey', in: 'header', name: 'X-API-Key', env: { value: 'T_HKEY' } },
    cookie: { type: 'apiKey', in: 'cookie', name: 'sid', env: { value: 'T_CKEY' } },
    bearer: { type: 'http-bearer', env: { token: 'T_BEARER' } },
    basic: { type: 'http-basic', env: { username: 'T_USER', password: 'T_PASS' } },
    oauth: { type: 'oauth2-client-credentials', tokenUrl, scopes: [], env: { clientId: 'T_CID', clientSecret: 'T_CSECRET', token: 'T_OAUTH_TOKEN', tokenUrl: 'T_TOKEN_URL' } },
  },
  confirm: 'destructive',
  env: { baseUrl: 'T_BASE_URL', timeoutMs: 'T_TIMEOUT_MS', serverVariables: {}, confirm: 'T_CONFIRM', stateKey: 'T_STATE_KEY' },
});

function tool(security: SecurityRequirement[], overrides: Partial<HttpBinding> = {}, outputSchema?: ToolEntry['definition']['outputSchema']): ToolEntry {
  return {
    definition: {
      name: 'get_pet',
      description: 'Gets a pet.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, trace: { type: 'string' } } },
      ...(outputSchema ? { outputSchema } : {}),
    },
    binding: {
      kind: 'http',
      method: 'GET',
      path: '/pets/{id}',
      arguments: { id: { in: 'path', name: 'id', required: true }, trace: { in: 'header', name: 'X-Trace', required: false } },
      security,
      ...overrides,
    },
  };
}

let upstream: RecordingUpstream;
let other: RecordingUpstream;
let tokens: TokenCache;
let tokenCount: number;

beforeAll(async () => {
  upstream = await startUpstream();
  other = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
  await other.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  other.requests.length = 0;
  tokens = new TokenCache();
  tokenCount = 0;
  upstream.handler = (req, res) => {
    if (req.url === '/oauth/token') {
      tokenCount++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `oauth-token-SECRET-${tokenCount}`, expires_in: 3600 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p1","name":"Rex"}');
  };
  other.handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('elsewhere');
});

function caller(overrides: Partial<ToolCallerDeps> = {}): ReturnType<typeof createToolCaller> {
  return createToolCaller({ config: config(), baseUrl: `${upstream.url}/v1`, env: { ...SECRETS }, timeoutMs: 2000, tokens, ...overrides });
}

const text = (result: CallToolResult): string => result.content?.map((c) => (c.type === 'text' ? c.text : '')).join('\n') ?? '';
const failure = (message: string, kind: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true, _meta: { [ERROR_META_KEY]: kind } });

describe('createToolCaller', () => {
  it('builds the request, adds credentials, calls the upstream and shapes the result', async () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
    const call = caller({ outputValidators: new Map([['get_pet', (v: unknown) => ((v as { id?: unknown }).id === 'p1' ? undefined : 'wrong')]]) });
    const result = await call(tool([{ query: [], header: [] }], {}, schema), { id: 'p 1', trace: 't-1' });
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"id":"p1","name":"Rex"}' }],
      structuredContent: { id: 'p1', name: 'Rex' },
      _meta: { [STATUS_META_KEY]: 200 },
    });
    const got = upstream.requests[0]!;
    expect(got.method).toBe('GET');
    expect(got.url).toBe('/v1/pets/p%201?api_key=query-key-SECRET-1%2B%2F%3D');
    expect(got.headers['x-api-key']).toBe(SECRETS.T_HKEY);
    expect(got.headers['x-trace']).toBe('t-1');
  });

  it('an argument the request cannot hold → isError from the RequestError', async () => {
    expect(await caller()(tool([]), { id: '..' })).toEqual(failure('argument "id" cannot be "..": it would change the request path', 'request'));
    expect(upstream.requests).toHaveLength(0);
  });

  it('missing credentials → isError naming the variables', async () => {
    const result = await caller({ env: {} })(tool([{ bearer: [] }, { basic: [] }]), { id: '1' });
    expect(result).toEqual(failure("Missing credentials: set T_BEARER, or set T_USER and T_PASS in the server's environment.", 'auth'));
    expect(upstream.requests).toHaveLength(0);
  });

  it('an upstream that does not answer in time → timeout', async () => {
    upstream.handler = (_req, res) => {
      setTimeout(() => res.writeHead(200).end('late'), 300);
    };
    const started = Date.now();
    expect(await caller({ timeoutMs: 50 })(tool([]), { id: '1' })).toEqual(failure('upstream did not answer within 50 ms', 'timeout'));
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('a body that stalls after the headers → timeout', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      setTimeout(() => res.end(' rest'), 300);
    };
    expect(await caller({ timeoutMs: 80 })(tool([]), { id: '1' })).toEqual(failure('upstream did not answer within 80 ms', 'timeout'));
  });

  it('the caller cancelling → cancelled', async () => {
    upstream.handler = (_req, res) => {
      setTimeout(() => res.writeHead(200).end('late'), 300);
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect(await caller()(tool([]), { id: '1' }, controller.signal)).toEqual(failure('the call was cancelled before the upstream answered', 'cancelled'));
  });

  it('connection refused → a short reason, without the query (which holds the key)', async () => {
    const port = await closedPort();
    const result = await caller({ baseUrl: `http://127.0.0.1:${port}` })(tool([{ query: [] }]), { id: '1' });
    // A GET that could not be sent is tried once more (retry.gen.ts), which _meta counts.
    const expected = failure(`request to 127.0.0.1:${port} failed: connection refused`, 'network');
    expect(result).toEqual({ ...expected, _meta: { ...expected._meta, 'openapi-mcp/retries': 1 } });
  });

  it('a connection dropped mid-answer → network error', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('only part');
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const result = await caller()(tool([]), { id: '1' });
    expect(result._meta).toEqual({ [ERROR_META_KEY]: 'network' });
    expect(text(result)).toMatch(new RegExp(`^request to 127\\.0\\.0\\.1:\\d+ failed: [a-z ]+$`));
  });

  it('a 401 for a fetched OAuth token drops it and retries once with a new token', async () => {
    upstream.handler = (req, res) => {
      if (req.url === '/oauth/token') {
        tokenCount++;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `oauth-token-SECRET-${tokenCount}`, expires_in: 3600 }));
        return;
      }
      const ok = req.headers.authorization === 'Bearer oauth-token-SECRET-2';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'text/plain' }).end(ok ? 'fine' : 'revoked');
    };
    const call = caller();
    expect(await call(tool([{ oauth: [] }]), { id: '1' })).toEqual({ content: [{ type: 'text', text: 'fine' }], _meta: { [STATUS_META_KEY]: 200 } });
    const calls = upstream.requests.filter((r) => r.url !== '/oauth/token').map((r) => r.headers.authorization);
    expect(calls).toEqual(['Bearer oauth-token-SECRET-1', 'Bearer oauth-token-SECRET-2']);
    // still 401 with a fresh token: answered, not retried forever
    upstream.requests.length = 0;
    tokens.invalidate('oauth-token-SECRET-2');
    const again = await call(tool([{ oauth: [] }]), { id: '1' });
    expect(text(again)).toBe('HTTP 401 Unauthorized: revoked');
    expect(upstream.requests.filter((r) => r.url !== '/oauth/token')).toHaveLength(2);
  });

  it('a 401 with a token from the environment is not retried', async () => {
    upstream.handler = (_req, res) => res.writeHead(401).end();
    const result = await caller({ env: { T_OAUTH_TOKEN: 'env-token-SECRET' } })(tool([{ oauth: [] }]), { id: '1' });
    expect(text(result)).toBe('HTTP 401 Unauthorized: (empty body)');
    expect(upstream.requests).toHaveLength(1);
  });

  it('same-origin redirects are followed with credentials; 303 turns a POST into a GET without body', async () => {
    upstream.handler = (req, res) => {
      if (req.url.startsWith('/v1/pets')) res.writeHead(303, { location: '/v1/done' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    };
    const post = tool([{ header: [] }], { method: 'POST', path: '/pets', arguments: { pet: { in: 'body', name: '', required: true } }, body: { mediaType: 'application/json', required: true } });
    expect(text(await caller()(post, { pet: { name: 'Rex' } }))).toBe('done');
    const [first, second] = upstream.requests;
    expect([first?.method, first?.body.toString(), first?.headers['content-type']]).toEqual(['POST', '{"name":"Rex"}', 'application/json']);
    expect([second?.method, second?.url, second?.body.length, second?.headers['content-type'], second?.headers['x-api-key']]).toEqual(['GET', '/v1/done', 0, undefined, SECRETS.T_HKEY]);
  });

  it('a cross-origin redirect drops every header carrying a credential, keeps the others', async () => {
    upstream.handler = (_req, res) => res.writeHead(302, { location: `${other.url}/elsewhere` }).end();
    const result = await caller()(tool([{ header: [], cookie: [], basic: [] }]), { id: '1', trace: 't-9' });
    expect(text(result)).toBe('elsewhere');
    const hop = other.requests[0]!;
    expect(hop.url).toBe('/elsewhere');
    expect([hop.headers['x-api-key'], hop.headers.authorization, hop.headers.cookie, hop.headers['x-trace']]).toEqual([undefined, undefined, undefined, 't-9']);
    expect(upstream.requests[0]!.headers['x-api-key']).toBe(SECRETS.T_HKEY);
  });

  it('stops after too many redirects and returns the last answer', async () => {
    upstream.handler = (req, res) => res.writeHead(307, { location: `/loop${upstream.requests.length}` }).end();
    const result = await caller()(tool([]), { id: '1' });
    expect(text(result)).toBe('HTTP 307 Temporary Redirect: (empty body)');
    expect(upstream.requests).toHaveLength(11);
  });

  it('documents its default timeout', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });
});

describe('secrets never reach a result', () => {
  /** Echoes the request line, headers, cookies and body back: the worst an upstream can do. */
  const echo = (status: number, type: string) => (req: RecordedRequest, res: import('node:http').ServerResponse) => {
    if (req.url === '/oauth/token') {
      tokenCount++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `oauth-token-SECRET-${tokenCount}`, expires_in: 3600 }));
      return;
    }
    const payload = { url: req.url, headers: req.headers, cookies: req.cookies, body: req.body.toString() };
    res.writeHead(status, { 'content-type': type }).end(type.includes('json') ? JSON.stringify(payload, null, 2) : `${req.url}\n${JSON.stringify(req.headers)}`);
  };
  const everything: SecurityRequirement[] = [{ query: [], header: [], cookie: [], basic: [] }];

  it('in echoed bodies, error messages and failures', async () => {
    const results: CallToolResult[] = [];
    const schema = { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] };
    for (const [status, type] of [[200, 'application/json'], [500, 'application/json'], [200, 'text/plain'], [404, 'text/html']] as const) {
      upstream.handler = echo(status, type);
      results.push(await caller()(tool(everything), { id: '1' }));
      results.push(await caller()(tool(everything, {}, schema), { id: '1' }));
      results.push(await caller({ outputValidators: new Map([['get_pet', () => 'data/url must be integer']]) })(tool(everything, {}, schema), { id: '1' }));
      results.push(await caller()(tool([{ oauth: [] }, { bearer: [] }]), { id: '1' }));
      results.push(await caller()(tool([{ bearer: [] }]), { id: '1' }));
    }
    upstream.handler = (_req, res) => res.writeHead(302, { location: `${other.url}/x` }).end();
    other.handler = echo(200, 'application/json');
    results.push(await caller()(tool(everything), { id: '1' }));
    const port = await closedPort();
    results.push(await caller({ baseUrl: `http://user:${SECRETS.T_PASS}@127.0.0.1:${port}` })(tool(everything), { id: '1' }));
    results.push(await caller({ baseUrl: `http://127.0.0.1:${port}` })(tool(everything), { id: '1' }));
    results.push(await caller({ env: { ...SECRETS, T_BEARER: `bad\n${SECRETS.T_BEARER}` } })(tool([{ bearer: [] }]), { id: '1' }));
    results.push(await caller({ config: config(`http://127.0.0.1:${port}/token?secret=${SECRETS.T_CSECRET}`) })(tool([{ oauth: [] }]), { id: '1' }));

    const serialized = JSON.stringify(results);
    expect(serialized).toContain('[REDACTED]'); // the echoes did carry them
    const forms = Object.entries(SECRETS)
      .filter(([name]) => name !== 'T_USER' && name !== 'T_CID')
      .flatMap(([, value]) => [value, encodeURIComponent(value)]);
    forms.push(Buffer.from(`${SECRETS.T_USER}:${SECRETS.T_PASS}`).toString('base64'), 'oauth-token-SECRET', 'SECRET');
    for (const secret of forms) expect(serialized, secret).not.toContain(secret);
  });

  it('a basic user name without a password is the API key (Stripe): redacted; next to a password it is shown', async () => {
    const key = 'sk_test_basicKEY-SECRET-7';
    const decoded = (req: RecordedRequest): string => Buffer.from(String(req.headers.authorization).slice('Basic '.length), 'base64').toString();
    upstream.handler = (req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Invalid API Key provided: ${decoded(req)}` }));
    const alone = await caller({ env: { T_USER: key } })(tool([{ basic: [] }]), { id: '1' });
    const withPassword = await caller()(tool([{ basic: [] }]), { id: '1' });
    expect(upstream.requests.map(decoded)).toEqual([`${key}:`, `${SECRETS.T_USER}:${SECRETS.T_PASS}`]);
    expect(text(alone)).toBe('HTTP 401 Unauthorized: {"message":"Invalid API Key provided: [REDACTED]:"}');
    expect(text(withPassword)).toBe(`HTTP 401 Unauthorized: {"message":"Invalid API Key provided: ${SECRETS.T_USER}:[REDACTED]"}`);
  });
});
