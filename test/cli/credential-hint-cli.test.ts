import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const PUBLIC = 'test/fixtures/specs/public.3.0.yaml';
const SECURED = 'test/fixtures/specs/petstore.2.0.yaml';

const out = (): string => join(mkdtempSync(join(tmpdir(), 'openapi-mcp-hint-')), 'pkg');
const notes = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('note '));

describe('generate: the note for a spec that declares no credentials', () => {
  it('prints one line naming the package prefix, before the outcome', () => {
    const r = runCli(['generate', PUBLIC, '--out', out()]);
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(
      `note [no-credentials] ${PUBLIC}: the spec declares no credentials, so calls go upstream without any; to send a token, generate with --auth bearer --auth-env GITHUB_TOKEN (openapi-mcp's docs/upstream-credentials.md has the other kinds)`,
    );
    expect(lines[1]).toMatch(/^2 tools → .*pkg \(/);
    expect(notes(r.stderr)).toHaveLength(1);
  });

  it('is advice for whoever writes the package: not under --check, not for a run skipped as up to date', () => {
    const dir = out();
    runCli(['generate', PUBLIC, '--out', dir]);
    expect(runCli(['generate', PUBLIC, '--out', dir, '--check']).stderr).toBe(`${dir} is up to date\n`);
    expect(runCli(['generate', PUBLIC, '--out', dir]).stderr).toBe(`2 tools → ${dir} (up to date)\n`);
  });

  it('follows --name, and is not a problem for --strict', () => {
    const r = runCli(['generate', PUBLIC, '--out', out(), '--name', 'octo-mcp', '--strict']);
    expect(r.code, r.stderr).toBe(0);
    expect(notes(r.stderr)).toEqual([expect.stringContaining(': the spec declares no credentials, so calls go upstream without any; to send a token, generate with --auth bearer --auth-env OCTO_TOKEN (')]);
  });

  it('is not printed with --auth, nor for a spec that declares security, nor for a client-only package', () => {
    for (const args of [[PUBLIC, '--auth', 'bearer'], [SECURED], [PUBLIC, '--client-only']]) {
      const r = runCli(['generate', ...args, '--out', out()]);
      expect(r.code, r.stderr).toBe(0);
      expect(notes(r.stderr)).toEqual([]);
    }
  });

  it('once per API of a config file; the auth key silences it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-hint-'));
    writeFileSync(join(dir, 'api.yaml'), readFileSync(PUBLIC));
    const apis = [{ input: 'api.yaml', output: 'a', name: 'a-mcp' }, { input: 'api.yaml', output: 'b', name: 'b-mcp' }, { input: 'api.yaml', output: 'c', auth: 'bearer' }];
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ apis }));
    const r = runCli(['generate'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(notes(r.stderr).map((l) => / (\w+_TOKEN) /.exec(l)?.[1])).toEqual(['A_TOKEN', 'B_TOKEN']);
  });
});
