import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../support/generated-package.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

/** What the MCP Inspector's CLI (a devDependency) reports about the tool schemas a built server lists. */
function inspectorPortability(dir: string): { code: number; warnings: string[] } {
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/mcp-inspector'), ['--cli', process.execPath, join(dir, 'dist/main.js'), '--method', 'tools/list', '--strict'], { encoding: 'utf8', timeout: 30_000 });
  return { code: r.status ?? -1, warnings: r.stderr.split('\n').filter((l) => l.startsWith('  Issue: ')) };
}

/** The one summary line it prints without --strict (the generated README explains it). */
function inspectorSummary(dir: string): string | undefined {
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/mcp-inspector'), ['--cli', process.execPath, join(dir, 'dist/main.js'), '--method', 'tools/list'], { encoding: 'utf8', timeout: 30_000 });
  return r.stderr.split('\n').find((l) => l.startsWith('Schema portability:'));
}

describe('--schema-profile, measured with the MCP Inspector (--strict)', () => {
  it('standard: the nullable field is flagged as less portable; portable: nothing is flagged', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-profile-')), 'petstore-mcp');
    const generate = (profile: string) => {
      const r = runCli(['generate', 'examples/petstore/petstore.yaml', '--out', dir, '--schema-profile', profile]);
      expect(r.code, r.stderr).toBe(0);
    };
    generate('standard');
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    run('npm', ['run', 'build'], dir);
    const standard = inspectorPortability(dir);
    expect(standard.code).toBe(0);
    expect(standard.warnings.length).toBeGreaterThan(0);
    expect(standard.warnings.every((w) => w.startsWith('  Issue: `type` is an array (["string","null"])'))).toBe(true);
    // What the generated README says that line is about, and what to do.
    expect(inspectorSummary(dir)).toMatch(/^Schema portability: 0 errors, \d+ warnings? across \d+ tools?\./);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('A line `Schema portability: … warnings` is about `type` arrays such as `["string","null"]`');
    expect(readme).toContain("openapi-mcp's `--schema-profile portable` writes them as `anyOf` instead.");

    generate('portable');
    run('npm', ['run', 'build'], dir);
    const portable = inspectorPortability(dir);
    expect(portable).toEqual({ code: 0, warnings: [] });
    expect(inspectorSummary(dir)).toBeUndefined();
  }, 90_000);
});
