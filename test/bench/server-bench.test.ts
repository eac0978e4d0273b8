// The pure helpers of `npm run bench:server` (bench/lib/server-*.mjs): command line, the tool
// call it makes, the bodies it serves, and the numbers it prints.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../bench/lib/args.mjs';
import { parseServerBenchArgs } from '../../bench/lib/server-args.mjs';
import type { ServerBenchOptions } from '../../bench/lib/server-args.mjs';
import { callSection, startupSection, summarizeMs } from '../../bench/lib/server-report.mjs';
import type { MsSummary } from '../../bench/lib/server-report.mjs';
import { completeExample } from '../../bench/lib/server-spec.mjs';
import { argumentsFor, chooseTool, directUrl, encodeMcpParam, mcpParamHeaders } from '../../bench/lib/server-tool.mjs';
import type { BenchToolEntry } from '../../bench/lib/server-tool.mjs';

const DEFAULTS: ServerBenchOptions = {
  spec: undefined,
  msgraph: false,
  phases: ['build', 'startup', 'call'],
  toolsModes: ['static', 'dynamic'],
  buildRuns: 3,
  buildWarmup: 1,
  peer: true,
  reuse: false,
  starts: 10,
  calls: 500,
  callWarmup: 50,
  tool: undefined,
  stdio: true,
  client: true,
  cpuProf: undefined,
  timeoutMs: 300_000,
  json: undefined,
  help: false,
};

describe('parseServerBenchArgs', () => {
  const cases: { name: string; given: string[]; want: ServerBenchOptions }[] = [
    { name: 'no arguments gives the defaults', given: [], want: DEFAULTS },
    {
      name: 'phases keep their fixed order, --reuse with phases after the build',
      given: ['--phase', 'call', '--phase', 'startup', '--reuse', '--starts', '3', '--calls', '20', '--call-warmup', '0'],
      want: { ...DEFAULTS, phases: ['startup', 'call'], reuse: true, starts: 3, calls: 20, callWarmup: 0 },
    },
    {
      name: 'build options, switches, files',
      given: ['--build-runs', '1', '--build-warmup', '0', '--no-peer', '--no-stdio', '--no-client', '--tool', 'meta_root', '--cpu-prof', 'prof', '--timeout', '90', '--json', 'o.json', '--spec', 's.json'],
      want: { ...DEFAULTS, buildRuns: 1, buildWarmup: 0, peer: false, stdio: false, client: false, tool: 'meta_root', cpuProf: 'prof', timeoutMs: 90_000, json: 'o.json', spec: 's.json' },
    },
    { name: '-h', given: ['-h'], want: { ...DEFAULTS, help: true } },
    { name: 'one tools mode', given: ['--tools-mode', 'dynamic'], want: { ...DEFAULTS, toolsModes: ['dynamic'] } },
    {
      name: '--msgraph: one build round, no peer, fewer starts and calls',
      given: ['--msgraph'],
      want: { ...DEFAULTS, msgraph: true, buildRuns: 1, buildWarmup: 0, peer: false, starts: 5, calls: 200, callWarmup: 20 },
    },
    { name: '--msgraph with flags of its own and a spec', given: ['--msgraph', '--starts', '2', '--spec', 'g.json'], want: { ...DEFAULTS, msgraph: true, spec: 'g.json', buildRuns: 1, buildWarmup: 0, peer: false, starts: 2, calls: 200, callWarmup: 20 } },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      expect(parseServerBenchArgs(given)).toEqual(want);
    });
  }

  const errors: { name: string; given: string[]; want: string }[] = [
    { name: 'unknown phase', given: ['--phase', 'deploy'], want: 'unknown --phase "deploy" (known: build, startup, call)' },
    { name: 'unknown tools mode', given: ['--tools-mode', 'lazy'], want: 'unknown --tools-mode "lazy" (known: static, dynamic)' },
    { name: 'zero calls', given: ['--calls', '0'], want: '--calls must be at least 1, got 0' },
    { name: 'not a number', given: ['--starts', 'ten'], want: '--starts must be an integer, got "ten"' },
    { name: '--reuse with the build phase', given: ['--reuse'], want: '--reuse skips the build phase: combine it with --phase startup and/or --phase call' },
  ];
  for (const { name, given, want } of errors) {
    it(`rejects: ${name}`, () => {
      expect(() => parseServerBenchArgs(given)).toThrow(UsageError);
      expect(() => parseServerBenchArgs(given)).toThrow(want);
    });
  }
});

const REPOS_GET: BenchToolEntry = {
  definition: {
    name: 'repos_get',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string', 'x-mcp-header': 'owner' },
        repo: { type: 'string', 'x-mcp-header': 'repo' },
        page: { type: 'integer', 'x-mcp-header': 'Page' },
      },
      required: ['owner', 'repo'],
    },
  },
  binding: {
    method: 'GET',
    path: '/repos/{owner}/{repo}',
    arguments: {
      owner: { in: 'path', name: 'owner', required: true },
      repo: { in: 'path', name: 'repo', required: true },
      page: { in: 'query', name: 'page', required: false },
    },
    security: [],
    output: { status: '200', mediaType: 'application/json' },
  },
};

function entry(name: string, overrides: Partial<BenchToolEntry['binding']>, inputSchema: Record<string, unknown>): BenchToolEntry {
  return {
    definition: { name, inputSchema },
    binding: { method: 'GET', path: `/${name}`, arguments: {}, security: [], output: { status: '200', mediaType: 'application/json' }, ...overrides },
  };
}

describe('the benchmarked tool call', () => {
  it('argumentsFor: presets, enum, format, minimum; undefined for a required object', () => {
    expect(argumentsFor(REPOS_GET.definition)).toEqual({ owner: 'octocat', repo: 'Hello-World' });
    expect(
      argumentsFor({
        name: 't',
        inputSchema: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['open', 'closed'] },
            id: { $ref: '#/$defs/Id' },
            n: { type: 'integer', minimum: 5 },
            on: { type: ['boolean', 'null'] },
          },
          required: ['state', 'id', 'n', 'on'],
          $defs: { Id: { type: 'string', format: 'uuid' } },
        },
      }),
    ).toEqual({ state: 'open', id: '00000000-0000-4000-8000-000000000000', n: 5, on: true });
    expect(argumentsFor({ name: 't', inputSchema: { type: 'object', properties: { o: { type: 'object' } }, required: ['o'] } })).toBeUndefined();
  });

  it('chooseTool: repos_get first, else the first anonymous JSON GET with scalar required arguments', () => {
    const post = entry('post', { method: 'POST' }, { type: 'object' });
    const secured = entry('secured', { security: [{ token: [] }] }, { type: 'object' });
    const objectArg = entry('object_arg', {}, { type: 'object', properties: { o: { type: 'object' } }, required: ['o'] });
    const plain = entry('plain', { security: [{ token: [] }, {}] }, { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(chooseTool([post, REPOS_GET, plain], undefined).definition.name).toBe('repos_get');
    expect(chooseTool([post, secured, objectArg, plain], undefined).definition.name).toBe('plain');
    expect(chooseTool([post, plain], 'post').definition.name).toBe('post');
    expect(() => chooseTool([post], 'nope')).toThrow('--tool nope: no such tool in the generated server');
    expect(() => chooseTool([post, secured], undefined)).toThrow('no tool to call');
    const graphUser = entry('users_user_GetUser', {}, { type: 'object', properties: { 'user-id': { type: 'string' } }, required: ['user-id'] });
    expect(chooseTool([plain, graphUser], undefined).definition.name).toBe('users_user_GetUser');
    expect(argumentsFor(graphUser.definition)).toEqual({ 'user-id': 'adele@contoso.com' });
  });

  const encodings: { name: string; given: string | number | boolean; want: string }[] = [
    { name: 'plain ASCII', given: 'Hello-World', want: 'Hello-World' },
    { name: 'inner space', given: 'a b', want: 'a b' },
    { name: 'integer', given: 42, want: '42' },
    { name: 'boolean', given: false, want: 'false' },
    { name: 'leading space', given: ' a', want: '=?base64?IGE=?=' },
    { name: 'non-ASCII', given: 'é', want: '=?base64?w6k=?=' },
    { name: 'looks like the sentinel', given: '=?base64?x', want: '=?base64?PT9iYXNlNjQ/eA==?=' },
  ];
  for (const { name, given, want } of encodings) {
    it(`encodeMcpParam: ${name}`, () => {
      expect(encodeMcpParam(given)).toBe(want);
    });
  }

  it('mcpParamHeaders: one lower-case header per annotated argument present', () => {
    expect(mcpParamHeaders(REPOS_GET.definition, { owner: 'octocat', repo: 'a b', page: 2 })).toEqual({
      'mcp-param-owner': 'octocat',
      'mcp-param-repo': 'a b',
      'mcp-param-page': '2',
    });
    expect(mcpParamHeaders(REPOS_GET.definition, { owner: 'o', page: null })).toEqual({ 'mcp-param-owner': 'o' });
  });

  it('directUrl: path arguments percent-encoded, query appended, base without its trailing slash', () => {
    expect(directUrl('http://127.0.0.1:9/', REPOS_GET.binding, { owner: 'a/b', repo: 'r', page: 3 })).toBe('http://127.0.0.1:9/repos/a%2Fb/r?page=3');
  });
});

describe('completeExample', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      language: { type: ['string', 'null'] },
      owner: { $ref: '#/$defs/User' },
      tags: { type: 'array', items: { type: 'string' } },
      extra: { type: 'string' },
    },
    required: ['id', 'language', 'owner', 'tags'],
    $defs: { User: { type: 'object', properties: { login: { type: 'string' }, site: { type: 'string' } }, required: ['login'] } },
  };
  const cases: { name: string; given: unknown; prune: boolean; want: unknown }[] = [
    {
      name: 'fills missing required properties (null where allowed), keeps the rest',
      given: { id: 1, owner: { site: 's' }, tags: ['a'], extra: 'e' },
      prune: false,
      want: { id: 1, owner: { site: 's', login: 'x' }, tags: ['a'], extra: 'e', language: null },
    },
    {
      name: 'prune keeps only required properties and empties arrays',
      given: { id: 1, language: 'ts', owner: { login: 'o', site: 's' }, tags: ['a'], extra: 'e' },
      prune: true,
      want: { id: 1, language: 'ts', owner: { login: 'o' }, tags: [] },
    },
  ];
  for (const { name, given, prune, want } of cases) {
    it(name, () => {
      expect(completeExample(given, schema, schema, prune)).toEqual(want);
    });
  }
});

describe('report numbers', () => {
  const cases: { name: string; given: number[]; want: MsSummary }[] = [
    { name: 'empty', given: [], want: { n: 0, median: undefined, min: undefined, max: undefined, p90: undefined } },
    { name: 'odd count', given: [3, 1, 2], want: { n: 3, median: 2, min: 1, max: 3, p90: 3 } },
    { name: 'ten values', given: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], want: { n: 10, median: 5.5, min: 1, max: 10, p90: 9 } },
  ];
  for (const { name, given, want } of cases) {
    it(`summarizeMs: ${name}`, () => {
      expect(summarizeMs(given)).toEqual(want);
    });
  }

  it('startupSection: dynamic mode rows, RSS in MB, the budget line names the mode', () => {
    const sample = (firstListMs: number, rssFirstMb: number) => ({ listenMs: firstListMs - 10, firstListMs, allPagesMs: firstListMs + 1, firstSearchMs: 1500, firstDescribeMs: 2500, rssFirstMb, rssLoadedMb: 200, peakMb: 210 });
    const { budget, table } = startupSection({ mode: 'dynamic', tools: 3, pages: 1, samples: [sample(700, 90), sample(900, 100), sample(800, 95)] });
    expect(budget).toEqual(['dynamic: start → first tools/list: 800 ms < 1000 ms ok']);
    const rows = table.split('\n').slice(2).map((line) => line.split(/ {2,}/).slice(0, 3));
    expect(rows).toEqual([
      ['spawn → listening (its log line)', '3', '790.0'],
      ['spawn → first tools/list answer', '3', '800.0'],
      ['spawn → all 1 tools/list pages (3 tools)', '3', '801.0'],
      ['spawn → first search_tools answer', '3', '1500.0'],
      ['spawn → first describe_tools answer', '3', '2500.0'],
      ['RSS MB at the first tools/list answer', '3', '95'],
      ['RSS MB after the first describe_tools', '3', '200'],
      ['peak RSS MB (VmHWM) at the end of the start', '3', '210'],
    ]);
  });

  it('callSection: median minus the direct median, budget lines for raw HTTP and stdio only', () => {
    const series = (label: string, samples: number[], cpu?: number) => ({ label, samples, cpuMsPerCall: cpu });
    const { budget, table } = callSection({
      variants: [
        {
          name: 'tiny',
          bytes: 85,
          answer: 'structured',
          series: {
            direct: series('direct', [0.5, 0.4, 0.6]),
            http: series('http', [1.5, 1.4, 1.6], 1.25),
            discover: series('discover', [1, 1, 1]),
            stdio: series('stdio', [3, 3, 3]),
            client: series('client', [9, 9, 9]),
          },
        },
      ],
    });
    expect(budget).toEqual(['http, tiny body: adds 1.00 ms ≤ 2 ms ok', 'stdio, tiny body: adds 2.50 ms ≤ 2 ms OVER']);
    const rows = table.split('\n').slice(2).map((line) => line.split(/ {2,}/));
    expect(rows.map((cells) => [cells[1], cells[7], cells[8]])).toEqual([
      ['direct', '(base)', '-'],
      ['http', '+1.000', '1.25'],
      ['discover', '-', '-'],
      ['stdio', '+2.500', '-'],
      ['client', '+8.500', '-'],
    ]);
  });
});
