import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createToolCaller, type ToolCallerDeps } from '../../templates/runtime/call-tool.gen.js';
import { describeThrown, hookFailureText, HookFailure, MAX_HOOK_DETAIL } from '../../templates/runtime/hook-calls.gen.js';
import type { AfterResponseContext, BeforeRequestContext, Hooks } from '../../templates/runtime/hooks.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { ERROR_META_KEY, STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import type { ApiConfig, SecurityRequirement, ToolEntry } from '../../templates/runtime/types.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';

/** The request hooks (beforeRequest, auth, afterResponse) inside real calls to a recording upstream. */
const ENV = { T_HKEY: 'env-header-key-SECRET-1', T_QKEY: 'env-query-key-SECRET-2' };
const HOOK_SECRET = 'hook-secret-VALUE-3';

const config: ApiConfig = {
  name: 'test-api-mcp',
  version: '1.0.0',
  title: 'Test API',
  servers: [],
  credentials: {
    header: { type: 'apiKey', in: 'header', name: 'X-API-Key', env: { value: 'T_HKEY' } },
    query: { type: 'apiKey', in: 'query', name: 'api_key', env: { value: 'T_QKEY' } },
  },
  confirm: 'destructive',
  env: { baseUrl: 'T_BASE_URL', timeoutMs: 'T_TIMEOUT_MS', serverVariables: {}, confirm: 'T_CONFIRM', stateKey: 'T_STATE_KEY' },
};

function tool(security: SecurityRequirement[] = [{ header: [] }], outputSchema?: ToolEntry['definition']['outputSchema']): ToolEntry {
  return {
    definition: {
      name: 'get_pet',
      description: 'Gets a pet.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      ...(outputSchema ? { outputSchema } : {}),
    },
    binding: { kind: 'http', method: 'GET', path: '/pets/{id}', arguments: { id: { in: 'path', name: 'id', required: true } }, security },
  };
}

let upstream: RecordingUpstream;
let other: RecordingUpstream;
let log: string[];

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
  log = [];
  upstream.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p1","name":"Rex"}');
});

function caller(hooks: Hooks, overrides: Partial<ToolCallerDeps> = {}): ReturnType<typeof createToolCaller> {
  return createToolCaller({
    config,
    baseUrl: `${upstream.url}/v1`,
    env: { ...ENV },
    timeoutMs: 2000,
    tokens: new TokenCache(),
    hooks,
    log: (line) => void log.push(line),
    ...overrides,
  });
}

/** The upstream answers with every header and the URL it received, as JSON. */
function echo(): void {
  upstream.handler = (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url, headers: req.headers }));
}

const text = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const hookFailure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true, _meta: { [ERROR_META_KEY]: 'hook' } });
const ok = (body: string, status = 200): CallToolResult => ({ content: [{ type: 'text', text: body }], _meta: { [STATUS_META_KEY]: status } });

describe('beforeRequest', () => {
  it('changes the request in place; sees the call and no credentials', async () => {
    const seen: Array<Omit<BeforeRequestContext, 'request' | 'signal' | 'definition' | 'binding'> & { headers: string[]; url: string; aborted: boolean }> = [];
    const result = await caller({
      beforeRequest(ctx) {
        seen.push({ tool: ctx.tool, generatedName: ctx.generatedName, args: ctx.args, headers: [...ctx.request.headers.keys()], url: ctx.request.url.href, aborted: ctx.signal.aborted });
        ctx.request.headers.set('X-Source', 'mcp');
        ctx.request.url.searchParams.set('extra', '1');
      },
    })(tool([{ header: [] }, { query: [] }]), { id: 'p1' });
    expect(result).toEqual(ok('{"id":"p1","name":"Rex"}'));
    expect(seen).toEqual([{ tool: 'get_pet', generatedName: 'get_pet', args: { id: 'p1' }, headers: [], url: `${upstream.url}/v1/pets/p1`, aborted: false }]);
    const got = upstream.requests[0]!;
    expect(got.url).toBe('/v1/pets/p1?extra=1');
    expect(got.headers['x-source']).toBe('mcp');
    expect(got.headers['x-api-key']).toBe(ENV.T_HKEY);
  });

  it('may return a replacement request', async () => {
    await caller({
      beforeRequest: async (ctx) => ({ ...ctx.request, method: 'POST', url: new URL(`${upstream.url}/v2/other`), body: 'hello' }),
    })(tool(), { id: 'p1' });
    const got = upstream.requests[0]!;
    expect([got.method, got.url, got.body.toString(), got.headers['x-api-key']]).toEqual(['POST', '/v2/other', 'hello', ENV.T_HKEY]);
  });

  it('the generated name of a renamed tool', async () => {
    const renamed: ToolEntry = { ...tool(), definition: { ...tool().definition, name: 'fetch_pet' } };
    const names: string[] = [];
    await caller({ beforeRequest: (ctx) => void names.push(ctx.tool, ctx.generatedName) }, { generatedNames: new Map([[renamed, 'get_pet']]) })(renamed, { id: 'p1' });
    expect(names).toEqual(['fetch_pet', 'get_pet']);
  });

  const failures: { name: string; given: Hooks['beforeRequest']; want: string }[] = [
    { name: 'throws an Error', given: () => { throw new Error('no pets on Sundays'); }, want: 'hooks.beforeRequest failed: no pets on Sundays' },
    { name: 'rejects with a TypeError', given: async () => { throw new TypeError('x is not a function'); }, want: 'hooks.beforeRequest failed: TypeError: x is not a function' },
    { name: 'throws a string', given: () => { throw 'plain\nstring'; }, want: 'hooks.beforeRequest failed: plain string' },
    {
      name: 'returns something else',
      given: (() => 42) as unknown as Hooks['beforeRequest'],
      want: 'hooks.beforeRequest failed: it returned something that is not a request (return nothing, or an object like ctx.request)',
    },
  ];
  for (const { name, given, want } of failures) {
    it(`${name} → isError naming the hook, logged once, nothing sent`, async () => {
      expect(await caller({ beforeRequest: given! })(tool(), { id: 'p1' })).toEqual(hookFailure(want));
      expect(log).toEqual([`test-api-mcp: tool "get_pet": ${want}`]);
      expect(upstream.requests).toHaveLength(0);
    });
  }
});

describe('auth', () => {
  it('replaces the environment credentials', async () => {
    echo();
    const result = await caller({ auth: (ctx) => ctx.setHeader('X-Custom-Key', HOOK_SECRET) })(tool(), { id: 'p1' });
    const got = upstream.requests[0]!;
    expect(got.headers['x-custom-key']).toBe(HOOK_SECRET);
    expect(got.headers['x-api-key']).toBeUndefined();
    // the upstream echoed the secret: the result has it redacted
    expect(text(result)).toContain('"x-custom-key":"[REDACTED]"');
    expect(text(result)).not.toContain(HOOK_SECRET);
  });

  it('may add the environment credentials too, and a query parameter', async () => {
    echo();
    const result = await caller({
      async auth(ctx) {
        await ctx.useEnvironmentCredentials();
        await ctx.useEnvironmentCredentials(); // once only
        ctx.setQueryParameter('sig', `${HOOK_SECRET}/+`);
      },
    })(tool([{ header: [] }]), { id: 'p1' });
    const got = upstream.requests[0]!;
    expect(got.headers['x-api-key']).toBe(ENV.T_HKEY);
    expect(got.url).toBe(`/v1/pets/p1?sig=${HOOK_SECRET}%2F%2B`);
    expect(text(result)).not.toContain(HOOK_SECRET);
    expect(text(result)).not.toContain(ENV.T_HKEY);
  });

  it('missing environment credentials → the usual auth error, not a hook failure', async () => {
    const result = await caller({ auth: (ctx) => ctx.useEnvironmentCredentials() }, { env: {} })(tool(), { id: 'p1' });
    expect(result).toEqual({ content: [{ type: 'text', text: "Missing credentials: set T_HKEY in the server's environment." }], isError: true, _meta: { [ERROR_META_KEY]: 'auth' } });
    expect(log).toEqual([]);
  });

  it('a failure quoting a secret it set → redacted in the result and the log', async () => {
    const result = await caller({
      auth(ctx) {
        const key = ctx.secret(HOOK_SECRET);
        throw new Error(`vault refused ${key}`);
      },
    })(tool(), { id: 'p1' });
    expect(result).toEqual(hookFailure('hooks.auth failed: vault refused [REDACTED]'));
    expect(log).toEqual(['test-api-mcp: tool "get_pet": hooks.auth failed: vault refused [REDACTED]']);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a header value no header can hold → failure that does not quote it', async () => {
    const result = await caller({ auth: (ctx) => ctx.setHeader('X-Key', `${HOOK_SECRET}\r\nX-Evil: 1`) })(tool(), { id: 'p1' });
    expect(result).toEqual(hookFailure('hooks.auth failed: ctx.setHeader: the value for X-Key has a line break, NUL or a character above U+00FF, which a header cannot hold'));
  });

  it('a header it set is dropped when a redirect leaves the origin', async () => {
    upstream.handler = (_req, res) => res.writeHead(302, { location: `${other.url}/landing` }).end();
    await caller({
      auth(ctx) {
        ctx.setHeader('X-Custom-Key', HOOK_SECRET);
        ctx.request.headers.set('X-Plain', 'kept');
      },
    })(tool(), { id: 'p1' });
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.headers['x-custom-key']).toBeUndefined();
    expect(other.requests[0]!.headers['x-plain']).toBe('kept');
  });
});

describe('afterResponse', () => {
  it('sees the response and the request without credentials; nothing returned → the usual result', async () => {
    const seen: Array<{ status: number; url: string; headers: string[] }> = [];
    const result = await caller({
      afterResponse(ctx: AfterResponseContext) {
        seen.push({ status: ctx.response.status, url: ctx.request.url.href, headers: [...ctx.request.headers.keys()] });
      },
    })(tool([{ header: [], query: [] }]), { id: 'p1' });
    expect(result).toEqual(ok('{"id":"p1","name":"Rex"}'));
    expect(seen).toEqual([{ status: 200, url: `${upstream.url}/v1/pets/p1`, headers: [] }]);
    expect(upstream.requests[0]!.url).toBe(`/v1/pets/p1?api_key=${ENV.T_QKEY}`);
  });

  it('may return another Response, which becomes the result', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const result = await caller({
      afterResponse: async (ctx) => {
        const pet = (await ctx.response.json()) as { name: string };
        return Response.json({ name: pet.name.toUpperCase() }, { status: 201 });
      },
    })(tool([], schema), { id: 'p1' });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"name":"REX"}' }], structuredContent: { name: 'REX' }, _meta: { [STATUS_META_KEY]: 201 } });
  });

  it('may return a result of its own', async () => {
    const mine: CallToolResult = { content: [{ type: 'text', text: 'mine' }] };
    expect(await caller({ afterResponse: () => mine })(tool(), { id: 'p1' })).toBe(mine);
  });

  it('may adjust the usual result from ctx.toResult()', async () => {
    echo();
    const result = await caller({
      async afterResponse(ctx) {
        const usual = await ctx.toResult();
        return { ...usual, content: [...usual.content, { type: 'text', text: 'note' }] };
      },
    })(tool(), { id: 'p1' });
    expect(result.content.at(-1)).toEqual({ type: 'text', text: 'note' });
    expect(text(result)).toContain('"x-api-key":"[REDACTED]"'); // toResult redacts like the usual path
  });

  it('ctx.toResult() called and nothing returned → that result, body read once', async () => {
    let usual: CallToolResult | undefined;
    const result = await caller({ afterResponse: async (ctx) => void (usual = await ctx.toResult()) })(tool(), { id: 'p1' });
    expect(result).toEqual(ok('{"id":"p1","name":"Rex"}'));
    expect(result).toEqual(usual);
  });

  const failures: { name: string; given: Hooks['afterResponse']; want: string }[] = [
    { name: 'throws', given: () => { throw new RangeError('bad status'); }, want: 'hooks.afterResponse failed: RangeError: bad status' },
    {
      name: 'reads the body and returns nothing',
      given: async (ctx) => void (await ctx.response.text()),
      want: "hooks.afterResponse failed: it read ctx.response's body but returned nothing (return a Response or a tool result, or use ctx.toResult())",
    },
    {
      name: 'returns something else',
      given: (() => ({ text: 'x' })) as unknown as Hooks['afterResponse'],
      want: 'hooks.afterResponse failed: it returned something that is neither a Response nor a tool result ({ content: [...] })',
    },
  ];
  for (const { name, given, want } of failures) {
    it(`${name} → isError naming the hook, logged once`, async () => {
      expect(await caller({ afterResponse: given! })(tool(), { id: 'p1' })).toEqual(hookFailure(want));
      expect(log).toEqual([`test-api-mcp: tool "get_pet": ${want}`]);
    });
  }

  it('is not called when the upstream never answered', async () => {
    let called = false;
    const result = await caller({ afterResponse: () => void (called = true) }, { baseUrl: 'http://127.0.0.1:1/v1' })(tool(), { id: 'p1' });
    // Refused before anything was sent: the GET was tried once more (retry.gen.ts).
    expect(result._meta).toEqual({ [ERROR_META_KEY]: 'network', 'openapi-mcp/retries': 1 });
    expect(called).toBe(false);
  });
});

describe('hook errors', () => {
  it('a hook still running when the timeout passes → timeout, not a hook failure', async () => {
    const result = await caller({ beforeRequest: (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))) }, { timeoutMs: 30 })(tool(), { id: 'p1' });
    expect(result).toEqual({ content: [{ type: 'text', text: 'upstream did not answer within 30 ms' }], isError: true, _meta: { [ERROR_META_KEY]: 'timeout' } });
    expect(log).toEqual([]);
  });

  const texts: { name: string; given: unknown; want: string }[] = [
    { name: 'Error', given: new Error('plain'), want: 'plain' },
    { name: 'other error class', given: new SyntaxError('bad'), want: 'SyntaxError: bad' },
    { name: 'empty message', given: new Error(''), want: 'no message' },
    { name: 'control characters', given: new Error('a\u001b[31m\r\nb'), want: 'a [31m b' },
    { name: 'a number', given: 7, want: '7' },
    { name: 'an object that cannot be printed', given: Object.create(null), want: 'an unprintable value was thrown' },
  ];
  for (const { name, given, want } of texts) {
    it(`describes ${name}`, () => expect(describeThrown(given)).toBe(want));
  }

  it('redacts before shortening, so a secret at the cut is not half-kept', () => {
    const detail = `${'x'.repeat(MAX_HOOK_DETAIL - 5)}${HOOK_SECRET}`;
    expect(hookFailureText(new HookFailure('auth', detail), [HOOK_SECRET])).toBe(`hooks.auth failed: ${'x'.repeat(MAX_HOOK_DETAIL - 5)}[REDA…`);
  });
});
