// examples/conformance (a pinned path): a tool manifest whose handlers implement the tools the
// official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) calls. The
// committed package is current, builds, and passes the suite's tool scenarios and the HTTP
// scenarios of a tools-only server over Streamable HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformanceScenario, type Check } from './support/conformance.js';
import { run, startHttpServer, type RunningServer } from './support/generated-package.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

const DIR = join(REPO_ROOT, 'examples/conformance/server');

/** Each scenario and how many checks it reports, all of which must pass. */
const SCENARIOS: { scenario: string; checks: number }[] = [
  { scenario: 'tools-list', checks: 4 },
  { scenario: 'tools-call-simple-text', checks: 2 },
  { scenario: 'tools-call-image', checks: 2 },
  { scenario: 'tools-call-audio', checks: 2 },
  { scenario: 'tools-call-embedded-resource', checks: 2 },
  { scenario: 'tools-call-mixed-content', checks: 2 },
  { scenario: 'tools-call-error', checks: 2 },
  { scenario: 'tools-call-with-progress', checks: 2 },
  { scenario: 'json-schema-2020-12', checks: 8 },
  { scenario: 'http-header-validation', checks: 14 },
  { scenario: 'http-custom-header-server-validation', checks: 10 },
  { scenario: 'dns-rebinding-protection', checks: 2 },
  { scenario: 'server-sse-multiple-streams', checks: 1 },
  // input_required (multi round-trip requests): the handlers' ctx.inputRequired, and a prompt of
  // src/hooks.ts (extendServer) for the non-tool request.
  { scenario: 'input-required-result-basic-elicitation', checks: 3 },
  { scenario: 'input-required-result-basic-sampling', checks: 3 },
  { scenario: 'input-required-result-basic-list-roots', checks: 3 },
  { scenario: 'input-required-result-request-state', checks: 3 },
  { scenario: 'input-required-result-multiple-input-requests', checks: 3 },
  { scenario: 'input-required-result-multi-round', checks: 4 },
  { scenario: 'input-required-result-missing-input-response', checks: 2 },
  { scenario: 'input-required-result-result-type', checks: 2 },
  { scenario: 'input-required-result-tampered-state', checks: 2 },
  { scenario: 'input-required-result-capability-check', checks: 2 },
  { scenario: 'input-required-result-validate-input', checks: 3 },
  { scenario: 'input-required-result-non-tool-request', checks: 3 },
  { scenario: 'input-required-result-unsupported-methods', checks: 2 },
];

describe('examples/conformance', () => {
  it('is current (generate --check)', () => {
    const r = runCli(['generate', 'examples/conformance/tools.yaml', '--out', 'examples/conformance/server', '--check']);
    expect(r.stderr).toBe('examples/conformance/server is up to date\n');
    expect(r.code).toBe(0);
  });

  it('has a written handler for every tool (no stubs)', () => {
    const manifest = readFileSync(join(REPO_ROOT, 'examples/conformance/tools.yaml'), 'utf8');
    const names = [...manifest.matchAll(/^  - name: (\S+)$/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThanOrEqual(9);
    for (const name of names) expect(readFileSync(join(DIR, `src/handlers/${name}.ts`), 'utf8')).not.toContain('notImplemented');
  });

  describe('against the official conformance suite', () => {
    let server: RunningServer;
    let outDir: string;
    beforeAll(async () => {
      run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], DIR);
      run('npm', ['run', 'build'], DIR);
      server = await startHttpServer(DIR, [], { PATH: process.env.PATH ?? '' });
      outDir = await mkdtemp(join(tmpdir(), 'openapi-mcp-conformance-example-'));
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
    });

    describe.concurrent('scenarios', () => {
      for (const { scenario, checks } of SCENARIOS) {
        it(`${scenario}: every check passes`, async () => {
          const result = await runConformanceScenario(server.url, scenario, outDir);
          const notPassed = result.checks.filter((c: Check) => c.status !== 'SUCCESS' && c.status !== 'INFO');
          expect(notPassed.map((c) => [c.id, c.status, c.errorMessage])).toEqual([]);
          expect(result.checks.filter((c) => c.status === 'SUCCESS').length).toBe(checks);
          expect(result.exitCode).toBe(0);
        }, 60_000);
      }
    });
  });
});
