import { createServer as createTcpServer, type Socket } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createToolCaller, type ToolCallerDeps } from '../../templates/runtime/call-tool.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import { ERROR_META_KEY, STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import { CallRetries, RETRY_AFTER_META_KEY, retryAfterMs, retryBudgetFrom } from '../../templates/runtime/retry.gen.js';
import type { ApiConfig, ToolEntry } from '../../templates/runtime/types.gen.js';
import { closedPort, startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  const cases: Array<[string, number, string | null, string | null, number | undefined]> = [
    ['seconds on 429', 429, '3', null, 3000],
    ['seconds on 503', 503, ' 0 ', null, 0],
    ['an HTTP-date against our clock', 429, 'Tue, 01 Dec 2026 10:00:05 GMT', null, 5000],
    ["an HTTP-date against the response's Date", 503, 'Tue, 01 Dec 2026 09:00:02 GMT', 'Tue, 01 Dec 2026 09:00:00 GMT', 2000],
    ['a date in the past: now', 429, 'Tue, 01 Dec 2026 09:00:00 GMT', null, 0],
    ['other statuses: never', 500, '3', null, undefined],
    ['no header', 429, null, null, undefined],
    ['unreadable', 429, 'soon', null, undefined],
    ['a negative number', 429, '-1', null, undefined],
    ['a fraction', 429, '1.5', null, undefined],
  ];
  for (const [name, status, header, date, want] of cases) it(name, () => expect(retryAfterMs(status, header, date, now)).toBe(want));
});

describe('CallRetries', () => {
  const header = (values: Record<string, string>) => (name: string) => values[name] ?? null;
  it('retries idempotent methods within the budget and the deadline, then reports the delay', () => {
    let now = 0;
    const retries = new CallRetries('GET', 2500, 30_000, () => now);
    expect(retries.afterResponse(429, header({ 'retry-after': '1' }))).toEqual({ retryInMs: 1000 });
    now += 1000;
    expect(retries.afterResponse(429, header({ 'retry-after': '1' }))).toEqual({ retryInMs: 1000 });
    now += 1000;
    expect(retries.afterResponse(429, header({ 'retry-after': '1' }))).toEqual({ rateLimitedS: 1 });
    expect(retries.retries).toBe(2);
    expect(retries.afterResponse(200, header({}))).toBeUndefined();
  });
  for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) {
    it(`${method} is retried`, () => expect(new CallRetries(method, 10_000, Infinity).afterResponse(503, header({ 'retry-after': '2' }))).toEqual({ retryInMs: 2000 }));
  }
  for (const method of ['POST', 'PATCH']) {
    it(`${method} never is`, () => expect(new CallRetries(method, 10_000, Infinity).afterResponse(429, header({ 'retry-after': '2' }))).toEqual({ rateLimitedS: 2 }));
  }
  it('never waits past the call timeout', () => {
    expect(new CallRetries('GET', 10_000, 1500, () => 0).afterResponse(429, header({ 'retry-after': '2' }))).toEqual({ rateLimitedS: 2 });
  });
  it('stops after a few immediate retries (Retry-After: 0)', () => {
    const retries = new CallRetries('GET', 10_000, Infinity);
    const decisions = Array.from({ length: 7 }, () => retries.afterResponse(429, header({ 'retry-after': '0' })));
    expect(decisions.filter((d) => d !== undefined && 'retryInMs' in d)).toHaveLength(5);
    expect(decisions.at(-1)).toEqual({ rateLimitedS: 0 });
  });
  it('reads the budget from the environment (0 turns retries off), else the default', () => {
    const lines: string[] = [];
    expect(retryBudgetFrom('X_RETRY_BUDGET_MS', { X_RETRY_BUDGET_MS: '0' }, (l) => lines.push(l))).toBe(0);
    expect(retryBudgetFrom('X_RETRY_BUDGET_MS', { X_RETRY_BUDGET_MS: '2500' }, (l) => lines.push(l))).toBe(2500);
    expect(retryBudgetFrom('X_RETRY_BUDGET_MS', {}, (l) => lines.push(l))).toBe(10_000);
    expect(retryBudgetFrom('X_RETRY_BUDGET_MS', { X_RETRY_BUDGET_MS: 'lots' }, (l) => lines.push(l))).toBe(10_000);
    expect(lines).toEqual(['X_RETRY_BUDGET_MS must be a whole number of milliseconds; using 10000']);
  });
});

/** Tool calls through the real caller against real HTTP servers. */
const config: ApiConfig = {
  name: 'retry-mcp',
  version: '1.0.0',
  title: 'Retry',
  servers: [],
  credentials: {},
  confirm: 'none',
  env: { baseUrl: 'R_BASE_URL', timeoutMs: 'R_TIMEOUT_MS', serverVariables: {}, confirm: 'R_CONFIRM', stateKey: 'R_STATE_KEY' },
} as ApiConfig;

function tool(method: string): ToolEntry {
  return {
    definition: { name: `${method.toLowerCase()}_item`, description: 'An item.', inputSchema: { type: 'object', properties: {} } },
    binding: { kind: 'http', method, path: '/items/1', arguments: {}, security: [] },
  } as ToolEntry;
}

let upstream: RecordingUpstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => void (upstream.requests.length = 0));

function caller(baseUrl: string, extra: Partial<ToolCallerDeps> = {}) {
  return createToolCaller({ config, baseUrl, env: {}, timeoutMs: 20_000, tokens: new TokenCache(), ...extra });
}

/** Answers 429/503 with these Retry-After values, one per request, then 200. */
function limitedThen(status: number, retryAfter: string[]): void {
  let n = 0;
  upstream.handler = (_req, res) => {
    const value = retryAfter[n++];
    if (value === undefined) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    else res.writeHead(status, { 'retry-after': value, 'content-type': 'application/json' }).end('{"message":"slow down"}');
  };
}

describe('rate limits, end to end through the tool caller', () => {
  it('GET: waits for Retry-After (seconds) and succeeds', async () => {
    limitedThen(429, ['1']);
    const started = Date.now();
    const result = await caller(upstream.url)(tool('GET'), {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.isError).toBeFalsy();
    expect(result._meta?.[STATUS_META_KEY]).toBe(200);
    expect(upstream.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('DELETE: 503 with an HTTP-date', async () => {
    const at = new Date(Date.now() + 1500).toUTCString(); // 1 s resolution: waits 0.5 to 1.5 s
    limitedThen(503, [at]);
    const result = await caller(upstream.url)(tool('DELETE'), {});
    expect(result._meta?.[STATUS_META_KEY]).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  for (const method of ['POST', 'PATCH']) {
    it(`${method}: never retried; the result says when to try again`, async () => {
      limitedThen(429, ['7']);
      const result = await caller(upstream.url)(tool(method), {});
      expect(upstream.requests).toHaveLength(1);
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'rate limited, retry after 7 s: HTTP 429 Too Many Requests: {"message":"slow down"}' }],
        _meta: { [STATUS_META_KEY]: 429, [RETRY_AFTER_META_KEY]: 7 },
      });
    });
  }

  it('gives up at once when the delay does not fit the budget', async () => {
    limitedThen(429, ['30']);
    const started = Date.now();
    const result = await caller(upstream.url)(tool('GET'), {});
    expect(Date.now() - started).toBeLessThan(5000);
    expect(upstream.requests).toHaveLength(1);
    expect(result._meta?.[RETRY_AFTER_META_KEY]).toBe(30);
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^rate limited, retry after 30 s: HTTP 429/) });
  });

  it('the budget is configurable: spent after two waits of 1 s with 2.5 s', async () => {
    limitedThen(429, ['1', '1', '1']);
    const result = await caller(upstream.url, { retryBudgetMs: 2500 })(tool('GET'), {});
    expect(upstream.requests).toHaveLength(3);
    expect(result._meta?.[RETRY_AFTER_META_KEY]).toBe(1);
  });

  it('budget 0: no retries', async () => {
    limitedThen(503, ['1']);
    const result = await caller(upstream.url, { retryBudgetMs: 0 })(tool('GET'), {});
    expect(upstream.requests).toHaveLength(1);
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^rate limited, retry after 1 s: HTTP 503 Service Unavailable/) });
  });

  it('the call timeout caps the budget', async () => {
    limitedThen(429, ['2']);
    const result = await caller(upstream.url, { timeoutMs: 1500 })(tool('GET'), {});
    expect(upstream.requests).toHaveLength(1);
    expect(result._meta?.[RETRY_AFTER_META_KEY]).toBe(2);
  });

  it('a 429 without Retry-After is an ordinary error', async () => {
    upstream.handler = (_req, res) => res.writeHead(429).end('no');
    const result = await caller(upstream.url)(tool('GET'), {});
    expect(upstream.requests).toHaveLength(1);
    expect(result._meta?.[RETRY_AFTER_META_KEY]).toBeUndefined();
    expect(result.content[0]).toMatchObject({ text: 'HTTP 429 Too Many Requests: no' });
  });
});

describe('network errors, end to end through the tool caller', () => {
  /** Listens on `port` after `ms`: the first connection attempt is refused, a retry after that gets through. */
  async function listenLater(port: number, ms: number): Promise<Server> {
    await new Promise((r) => setTimeout(r, ms));
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"late":true}'));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  }

  it('GET: a refused connection (nothing sent) is retried once', async () => {
    const port = await closedPort();
    const call = caller(`http://127.0.0.1:${port}`)(tool('GET'), {});
    const server = await listenLater(port, 80);
    try {
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(result.content[0]).toMatchObject({ type: 'text', text: '{"late":true}' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('POST: not retried', async () => {
    const port = await closedPort();
    const call = caller(`http://127.0.0.1:${port}`)(tool('POST'), {});
    const server = await listenLater(port, 80);
    try {
      const result = await call;
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: `request to 127.0.0.1:${port} failed: connection refused` }], _meta: { [ERROR_META_KEY]: 'network' } });
    } finally {
      server.close();
    }
  });

  it('GET: not retried once the request may have been sent (connection reset after it arrived)', async () => {
    let connections = 0;
    const server = createTcpServer((socket: Socket) => {
      connections++;
      socket.once('data', () => socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await caller(`http://127.0.0.1:${port}`)(tool('GET'), {});
      expect(result).toMatchObject({ isError: true, _meta: { [ERROR_META_KEY]: 'network' } });
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('a refused connection twice: one retry, then the network error', async () => {
    const port = await closedPort();
    const started = Date.now();
    const result = await caller(`http://127.0.0.1:${port}`)(tool('PUT'), {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: `request to 127.0.0.1:${port} failed: connection refused` }] });
  });
});
