import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

/**
 * The owner's part of a generated package.json (docs/regenerating.md) is theirs in CI too: a release
 * bump (`npm version`), a dependency or script of their own, an edited description change neither
 * the manifest nor `--check`, and the next run is still the fast no-op. An edit of the generator's
 * part is seen by both.
 */
describe('package.json edits and --check', () => {
  const SPEC = join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml');

  function generated(): string {
    const out = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-pkg-edits-')), 'server');
    const r = runCli(['generate', SPEC, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    return out;
  }

  /** Edits package.json as `npm pkg set` does: parse, change, print 2-space JSON with a final newline. */
  function npmPkg(out: string, edit: (pkg: Record<string, any>) => void): void {
    const file = join(out, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    edit(pkg);
    writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  }

  it("the owner's edits keep --check passing and the next run a no-op", () => {
    const out = generated();
    const manifest = readFileSync(join(out, '.openapi-mcp-manifest.json'), 'utf8');
    npmPkg(out, (pkg) => {
      pkg.version = '2.3.1';
      pkg.description = 'Our pet store, for agents';
      pkg.license = 'MIT';
      delete pkg.private;
      pkg.scripts.test = 'node --test';
      pkg.dependencies = Object.fromEntries(Object.entries({ ...pkg.dependencies, 'left-pad': '1.3.0' }).sort(([a], [b]) => (a < b ? -1 : 1)));
      pkg.author = 'Ada';
    });
    const edited = readFileSync(join(out, 'package.json'), 'utf8');
    const check = runCli(['generate', SPEC, '--out', out, '--check']);
    expect(check.stderr).toBe(`${out} is up to date\n`);
    expect(check.code).toBe(0);
    expect(runCli(['generate', SPEC, '--out', out]).stderr).toMatch(/\(up to date\)\n$/);
    expect(runCli(['generate', SPEC, '--out', out, '--force']).stderr).toMatch(/\(up to date\)\n/);
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toBe(edited);
    expect(readFileSync(join(out, '.openapi-mcp-manifest.json'), 'utf8')).toBe(manifest);
  });

  it("an edit of the generator's part fails --check and is undone by the next run", () => {
    const out = generated();
    const original = readFileSync(join(out, 'package.json'), 'utf8');
    npmPkg(out, (pkg) => {
      pkg.engines = { node: '>=18' };
    });
    const check = runCli(['generate', SPEC, '--out', out, '--check']);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('would update package.json\n');
    expect(runCli(['generate', SPEC, '--out', out]).stderr).toContain('(0 created, 1 updated, 0 removed)');
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toBe(original);
  });

  it('keys put out of the order a regeneration prints (a sorting tool) are seen by the fast no-op too', () => {
    const out = generated();
    const original = readFileSync(join(out, 'package.json'), 'utf8');
    npmPkg(out, (pkg) => {
      const { name, ...rest } = pkg;
      for (const key of Object.keys(pkg)) delete pkg[key];
      Object.assign(pkg, rest, { name });
    });
    expect(runCli(['generate', SPEC, '--out', out, '--check']).code).toBe(1);
    expect(runCli(['generate', SPEC, '--out', out]).stderr).toContain('(0 created, 1 updated, 0 removed)');
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toBe(original);
  });
});
