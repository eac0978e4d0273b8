// The official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) against the
// runtime's HTTP server with fixture tools, for the scenarios that apply to any tools-only server.
//
// How the suite reports: `server --scenario S -o DIR` writes DIR/server-S-<timestamp>/checks.json,
// an array of checks `{ id, name, status: SUCCESS | FAILURE | WARNING | SKIPPED | INFO, errorMessage? }`,
// and exits 1 when any check FAILED (0 also when a scenario is skipped as not applicable, so an empty
// result must not count as a pass). The tests read checks.json rather than the coloured console text.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { runConformanceScenario, type Check, type ScenarioRun } from '../support/conformance.js';
import { echoCaller, fixtureConfig, fixtureTools } from './server-fixtures.js';

let server: RunningHttpServer;
let outDir: string;

const ids = (checks: Check[], status: Check['status']): string[] => checks.filter((c) => c.status === status).map((c) => c.id);
const runScenario = (scenario: string): Promise<ScenarioRun> => runConformanceScenario(server.url, scenario, outDir);

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'openapi-mcp-conformance-'));
  // get_item, first on page 1, has a string x-mcp-header (needed by http-custom-header-server-validation);
  // every fixture tool has a description (tools-list fails a tool without one).
  server = await serveHttp(createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller()), { port: 0 });
});

afterAll(async () => {
  await server?.close();
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

describe.concurrent('conformance: scenarios that fully apply to a tools-only server', () => {
  const cases: { scenario: string; want: number }[] = [
    { scenario: 'tools-list', want: 4 },
    { scenario: 'http-header-validation', want: 14 },
    { scenario: 'http-custom-header-server-validation', want: 10 },
    { scenario: 'dns-rebinding-protection', want: 2 },
    { scenario: 'server-sse-multiple-streams', want: 1 },
  ];
  for (const { scenario, want } of cases) {
    it(`${scenario}: every check passes`, async () => {
      const run = await runScenario(scenario);
      // INFO entries are notes, not checks (server-sse-multiple-streams adds one).
      expect(run.checks.filter((c) => c.status !== 'SUCCESS' && c.status !== 'INFO')).toEqual([]);
      expect(ids(run.checks, 'SUCCESS').length).toBe(want);
      expect(run.exitCode).toBe(0);
    });
  }
});

describe.concurrent('conformance: scenarios with parts a tools-only server cannot have', () => {
  it('caching: the tools/list and generic checks pass; only prompts/resources lists fail', async () => {
    const run = await runScenario('caching');
    expect(ids(run.checks, 'SUCCESS')).toEqual([
      'sep-2549-tools-list-caching-hints',
      'sep-2549-ttl-non-negative',
      'sep-2549-cache-scope-valid',
      'wire-schema-valid',
    ]);
    // A tools-only server has no prompts/list, resources/list or resources/templates/list: they
    // answer -32601 Method not found. Declaring empty prompts/resources capabilities just to
    // satisfy the suite would advertise features the server does not have.
    expect(run.checks.filter((c) => c.status === 'FAILURE').map((c) => [c.id, c.errorMessage])).toEqual([
      ['sep-2549-prompts-list-caching-hints', 'prompts/list returned JSON-RPC error -32601: Method not found'],
      ['sep-2549-resources-list-caching-hints', 'resources/list returned JSON-RPC error -32601: Method not found'],
      ['sep-2549-resources-templates-list-caching-hints', 'resources/templates/list returned JSON-RPC error -32601: Method not found'],
    ]);
    expect(ids(run.checks, 'SKIPPED')).toEqual(['sep-2549-resources-read-caching-hints']); // no resources
  });

  it('server-stateless: every generic check passes; only the "everything server" fixture-tool checks fail', async () => {
    const run = await runScenario('server-stateless');
    // These need the suite's diagnostic tools (test_missing_capability, test_streaming_elicitation,
    // test_logging_tool), which only its reference "everything server" implements; the suite marks
    // them "Not testable" instead of skipping them.
    const failures = run.checks.filter((c) => c.status === 'FAILURE');
    expect(failures.map((c) => c.id)).toEqual([
      'sep-2575-server-rejects-undeclared-capability',
      'sep-2575-missing-capability-http-400',
      'sep-2575-http-server-no-independent-requests-on-stream',
      'sep-2575-server-no-log-without-loglevel',
    ]);
    for (const failure of failures) {
      expect(failure.errorMessage).toMatch(/^Not testable: server does not list the diagnostic tool 'test_[a-z_]+' in tools\/list/);
    }
    // _meta validation, server/discover, serverInfo, version errors, header mismatch, 404 for
    // removed methods, subscriptions/listen, error ids.
    expect(ids(run.checks, 'SUCCESS').length).toBe(24);
    // Servers whose lists can change; ours cannot (listChanged: false).
    expect(ids(run.checks, 'SKIPPED')).toEqual([
      'sep-2575-server-sends-prompts-list-changed-on-subscription',
      'sep-2575-server-sends-tools-list-changed-on-subscription',
    ]);
    expect(ids(run.checks, 'SUCCESS')).toContain('sep-2575-http-server-header-mismatch-400');
    expect(ids(run.checks, 'SUCCESS')).toContain('sep-2575-server-implements-discover');
  });
});
