import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { runCli } from '../support/run-cli.js';

/**
 * How a generated server treats the upstream, from the user's side: a built package, the official
 * client, a recording upstream that answers 429/503 with Retry-After.
 */
let upstream: RecordingUpstream;
let dir: string;

beforeAll(async () => {
  upstream = await startUpstream();
  dir = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-e2e-upstream-calls-')), 'repos-mcp');
  const gen = runCli(['generate', 'test/fixtures/e2e/repos.3.0.yaml', '--out', dir, '--name', 'repos-mcp', '--auth', 'apikey-query:key']);
  if (gen.code !== 0) throw new Error(`generate failed:\n${gen.stderr}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
}, 240_000);

afterAll(async () => {
  await upstream?.close();
});

beforeEach(() => void (upstream.requests.length = 0));

async function withServer<T>(env: Record<string, string>, args: string[], body: (client: Client, server: RunningServer) => Promise<T>, headers: Record<string, string> = {}): Promise<T> {
  let server: RunningServer | undefined;
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    server = await startHttpServer(dir, ['--base-url', upstream.url, ...args], { ...process.env, REPOS_CONFIRM: 'none', REPOS_API_KEY: 'k', ...env });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
    return await body(client, server);
  } finally {
    await client.close();
    await server?.close();
  }
}

describe('rate limits (429/503 with Retry-After)', () => {
  it('a GET waits and succeeds; a POST is never retried and says when to try again', async () => {
    let limited = 0;
    upstream.handler = (req, res) => {
      if (req.method === 'GET' && limited++ === 0) return res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      if (req.method === 'POST') return res.writeHead(503, { 'retry-after': '120' }).end('maintenance');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"hello"}');
    };
    await withServer({}, ['--log', 'json'], async (client, server) => {
      const started = Date.now();
      const got = await client.callTool({ name: 'getRepo', arguments: { owner: 'o', repo: 'r' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(got.structuredContent).toEqual({ name: 'hello' });

      const posted = await client.callTool({ name: 'createIssue', arguments: { owner: 'o', repo: 'r', body: { title: 't' } } });
      expect(posted).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'rate limited, retry after 120 s: HTTP 503 Service Unavailable: maintenance' }],
        _meta: { 'openapi-mcp/status': 503, 'openapi-mcp/retry-after': 120 },
      });
      const records = server.stderr().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(records.map((r) => [r.tool, r.status, r.retries])).toEqual([['getRepo', 200, 1], ['createIssue', 503, 0]]);
      expect(got._meta?.['openapi-mcp/retries']).toBe(1);
    });
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /repos/o/r?key=k', 'GET /repos/o/r?key=k', 'POST /repos/o/r/issues?key=k']);
  }, 60_000);

  it('<PREFIX>RETRY_BUDGET_MS=0 turns the retries off', async () => {
    upstream.handler = (_req, res) => res.writeHead(429, { 'retry-after': '1' }).end('slow down');
    await withServer({ REPOS_RETRY_BUDGET_MS: '0' }, [], async (client) => {
      const got = await client.callTool({ name: 'getRepo', arguments: { owner: 'o', repo: 'r' } });
      expect(got).toMatchObject({ isError: true, _meta: { 'openapi-mcp/retry-after': 1 } });
    });
    expect(upstream.requests).toHaveLength(1);
  }, 60_000);
});

describe('trace context and --log json', () => {
  const SECRETS = { key: 'api-key-SECRET-q1', owner: 'owner-SECRET-a2', title: 'title-SECRET-b3', answer: 'answer-SECRET-c4', caller: 'caller-SECRET-d5' };

  it('forwards traceparent/tracestate from _meta; logs one line per call with no secret in it', async () => {
    upstream.handler = (req, res) => {
      if (req.method === 'POST') return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: SECRETS.answer }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: SECRETS.answer }));
    };
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01';
    let stderr = '';
    await withServer({ REPOS_API_KEY: SECRETS.key }, ['--log', 'json'], async (client, server) => {
      await client.callTool({ name: 'getRepo', arguments: { owner: SECRETS.owner, repo: 'r' }, _meta: { traceparent, tracestate: 'vendor=abc' } });
      await client.callTool({ name: 'createIssue', arguments: { owner: SECRETS.owner, repo: 'r', body: { title: SECRETS.title } } });
      await client.callTool({ name: 'getMeta', arguments: {}, _meta: { traceparent: 'not-a-traceparent', tracestate: 'vendor=abc' } });
      stderr = server.stderr();
    }, { authorization: `Bearer ${SECRETS.caller}` });
    expect(upstream.requests.map((r) => [r.url.split('?')[0], r.headers.traceparent ?? null, r.headers.tracestate ?? null])).toEqual([
      [`/repos/${SECRETS.owner}/r`, traceparent, 'vendor=abc'],
      [`/repos/${SECRETS.owner}/r/issues`, null, null],
      ['/meta', null, null],
    ]);
    const lines = stderr.split('\n').filter((l) => l.startsWith('{'));
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map(({ time, durationMs, ...rest }) => {
      expect(Date.parse(time as string)).not.toBeNaN();
      expect(typeof durationMs).toBe('number');
      return rest;
    })).toEqual([
      { tool: 'getRepo', method: 'GET', path: '/repos/{owner}/{repo}', status: 200, retries: 0 },
      { tool: 'createIssue', method: 'POST', path: '/repos/{owner}/{repo}/issues', status: 201, retries: 0 },
      { tool: 'getMeta', method: 'GET', path: '/meta', status: 200, retries: 0 },
    ]);
    for (const secret of Object.values(SECRETS)) expect(stderr).not.toContain(secret);
  }, 60_000);
});
