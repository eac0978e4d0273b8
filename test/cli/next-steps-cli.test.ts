import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextSteps } from '../../src/cli/generate-command.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

const SPEC = join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml');

/**
 * A newcomer's first `generate` ends with what to do next: the commands that build the package and
 * where its README says how to start it. For people (a terminal, or --verbose), like the stage
 * timings; a piped run (CI, scripts) keeps its one summary line (generate-cli.test.ts).
 */
describe('generate: the next step after a first generation', () => {
  it('names the build commands in the new directory and its README, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-next-'));
    const first = runCli(['generate', SPEC, '--out', 'mcp', '--verbose'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    const last = first.stderr.trimEnd().split('\n').at(-1);
    expect(last).toBe('next: cd mcp && npm install && npm run build; mcp/README.md says how to start the server, the credentials it reads and how to add it to an MCP host');
    // What the line promises is there.
    const readme = readFileSync(join(dir, 'mcp/README.md'), 'utf8');
    expect(readme).toContain('npm install\nnpm run build\nnode dist/main.js');
    expect(readme).toContain('## Use it from an MCP host');
    const again = runCli(['generate', SPEC, '--out', 'mcp', '--verbose', '--force'], { cwd: dir });
    expect(again.stderr).not.toContain('next:');
  });

  it('is not printed when stderr is piped and --verbose is not given', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-next-')), 'pkg');
    const r = runCli(['generate', SPEC, '--out', out]);
    expect(existsSync(join(out, 'package.json'))).toBe(true);
    expect(r.stderr).not.toContain('next:');
  });

  it.each([
    { name: 'a plain path', out: 'gen/pets', kind: 'server' as const, want: 'next: cd gen/pets && npm install && npm run build; gen/pets/README.md says how to start the server, the credentials it reads and how to add it to an MCP host' },
    { name: 'the working directory', out: '.', kind: 'server' as const, want: 'next: npm install && npm run build; README.md says how to start the server, the credentials it reads and how to add it to an MCP host' },
    { name: 'a path a shell would split', out: "my mcp's", kind: 'server' as const, want: "next: cd 'my mcp'\\''s' && npm install && npm run build; the README.md there says how to start the server, the credentials it reads and how to add it to an MCP host" },
    { name: 'a client-only package', out: 'client', kind: 'client' as const, want: 'next: cd client && npm install && npm run build; client/README.md says how to call the API with the typed client' },
    { name: "a tool manifest's package", out: 'mcp', kind: 'handlers' as const, want: 'next: cd mcp && npm install && npm run build; mcp/README.md says how to write the handlers (src/handlers/), start the server and add it to an MCP host' },
  ])('$name', ({ out, kind, want }) => {
    expect(nextSteps(out, kind)).toBe(want);
  });

  it('for a tool manifest, points at the handlers the README explains', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-next-'));
    const r = runCli(['generate', join(REPO_ROOT, 'examples/manifest/tools.yaml'), '--out', 'mcp', '--verbose'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(nextSteps('mcp', 'handlers'));
    expect(readFileSync(join(dir, 'mcp/README.md'), 'utf8')).toContain('## Handlers');
  });
});
