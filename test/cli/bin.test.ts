import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, runCli } from '../support/run-cli.js';

describe('the built bin (dist/cli/bin.js, bundled by rolldown)', () => {
  it('is executable and runs through its shebang, as node_modules/.bin/openapi-mcp does', () => {
    expect(statSync(BIN).mode & 0o111).toBe(0o111);
    // PATH starts with this node's directory, so the shebang's `env node` finds a Node 22.
    const r = spawnSync(BIN, ['--help'], { encoding: 'utf8', env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: openapi-mcp');
  });

  it('a mistyped command or option is the error and one line pointing at --help, not the whole help', () => {
    expect(runCli(['generate', 'spec.yaml', '--out', 'out', '--tolsets', 'x'])).toMatchObject({ code: 1, stdout: '', stderr: "error: unknown option '--tolsets'\n(add --help for the options)\n" });
    expect(runCli(['generate', 'spec.yaml', '--out', 'out', '--outt', 'x'])).toMatchObject({ code: 1, stderr: "error: unknown option '--outt'\n(Did you mean --out?)\n(add --help for the options)\n" });
    expect(runCli(['genrate', 'spec.yaml'])).toMatchObject({ code: 1, stderr: "error: unknown command 'genrate'\n(Did you mean generate?)\n(add --help for the options)\n" });
  });

  it('--version and -v print openapi-mcp and the version of its package.json', () => {
    const { version } = JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = runCli([flag]);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, `openapi-mcp ${version}\n`, '']);
    }
  });
});
