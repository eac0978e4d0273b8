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
    { name: 'a plain path', out: 'gen/pets', clientOnly: false, want: 'next: cd gen/pets && npm install && npm run build; gen/pets/README.md says how to start the server, the credentials it reads and how to add it to an MCP host' },
    { name: 'the working directory', out: '.', clientOnly: false, want: 'next: npm install && npm run build; README.md says how to start the server, the credentials it reads and how to add it to an MCP host' },
    { name: 'a path a shell would split', out: "my mcp's", clientOnly: false, want: "next: cd 'my mcp'\\''s' && npm install && npm run build; the README.md there says how to start the server, the credentials it reads and how to add it to an MCP host" },
    { name: 'a client-only package', out: 'client', clientOnly: true, want: 'next: cd client && npm install && npm run build; client/README.md says how to call the API with the typed client' },
  ])('$name', ({ out, clientOnly, want }) => {
    expect(nextSteps(out, clientOnly)).toBe(want);
  });
});
