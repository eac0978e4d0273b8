import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

const EXTENSIONS = 'test/fixtures/specs/extensions.3.0.yaml';
const PETSTORE = 'test/fixtures/specs/petstore.2.0.yaml';

function toolNames(stdout: string): string[] {
  return (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
}

/** The selection warnings only (the fixture's extension warnings are pinned by the golden test). */
function selectionWarnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.includes('[selection-'));
}

describe('openapi-mcp tools: --include, --exclude, --include-tags, --exclude-tags', () => {
  const cases: { name: string; args: string[]; want: string[]; warnings?: string[] }[] = [
    {
      name: 'no selection: every operation the extensions keep',
      args: [],
      want: ['admin_users', 'brokenValue', 'brokenKeys', 'brokenBoth', 'listReports', 'searchReports', 'report_get', 'list_users', 'listThings', 'listThings_post'],
    },
    { name: 'a tag, minus a METHOD /path glob', args: ['--include-tags', 'reports', '--exclude', 'PUT /reports/*'], want: ['listReports', 'searchReports', 'report_get'] },
    { name: 'every GET but the admin tag', args: ['--include', 'GET /**', '--exclude-tags', 'admin'], want: ['brokenValue', 'listReports', 'report_get', 'listThings'] },
    { name: 'several patterns after one flag, an operationId among them', args: ['--include', 'countThings', '/reports', '--exclude', '* /reports'], want: ['listThings'] },
    { name: 'patterns are matched before names: the operationId, not the tool name', args: ['--include', 'replaceReport'], want: ['list_users'] },
    { name: 'a repeated flag adds to the list', args: ['--exclude-tags', 'write', '--exclude-tags', 'reports'], want: ['admin_users', 'brokenValue', 'brokenKeys', 'brokenBoth', 'listThings'] },
    {
      name: 'a pattern matching nothing is a warning',
      args: ['--include', 'GET /reportz/**', '/things'],
      want: ['listThings', 'listThings_post'],
      warnings: ['warning [selection-unmatched] include pattern "GET /reportz/**" matches no operation'],
    },
    {
      name: 'a tag matching nothing lists the tags there are',
      args: ['--exclude-tags', 'Admin', '--include-tags', 'things'],
      want: ['listThings', 'listThings_post'],
      warnings: ['warning [selection-unmatched] exclude tag "Admin" matches no operation (tags: "admin", "reports", "things", "users", "write")'],
    },
    {
      name: 'the extensions decide first: what they leave out stays out',
      args: ['--include', 'deleteReport', 'DELETE /admin/users'],
      want: [],
      warnings: [
        'warning [selection-unmatched] include pattern "deleteReport" matches no operation the x-mcp or x-speakeasy-mcp extensions keep (it matches only operations they leave out)',
        'warning [selection-unmatched] include pattern "DELETE /admin/users" matches no operation the x-mcp or x-speakeasy-mcp extensions keep (it matches only operations they leave out)',
        'warning [selection-empty] the selection keeps none of the 10 operations: no tools',
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = runCli(['tools', EXTENSIONS, '--json', ...c.args]);
      expect(r.code).toBe(0);
      expect(toolNames(r.stdout)).toEqual(c.want);
      expect(selectionWarnings(r.stderr)).toEqual(c.warnings ?? []);
    });
  }

  it('--strict makes a pattern matching nothing an error', () => {
    const r = runCli(['tools', PETSTORE, '--strict', '--exclude', 'deletePet']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(['error [selection-unmatched] exclude pattern "deletePet" matches no operation', `openapi-mcp: 1 problem in ${PETSTORE} (--strict)`, ''].join('\n'));
  });

  const invalid: { args: string[]; message: string }[] = [
    { args: ['--exclude', 'FETCH /pets'], message: 'openapi-mcp: exclude pattern "FETCH /pets": unknown method "FETCH" (use GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE or *)' },
    { args: ['--include', 'GET pets'], message: 'openapi-mcp: include pattern "GET pets": the path must start with / (or be * for any path)' },
  ];
  for (const c of invalid) {
    it(`an impossible pattern fails with one line: ${c.args.join(' ')}`, () => {
      const r = runCli(['tools', PETSTORE, ...c.args]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`${c.message}\n`);
    });
  }
});

describe('openapi-mcp generate: selection from flags and from the config file', () => {
  it('--exclude leaves tools out of the package', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-sel-')), 'pkg');
    const r = runCli(['generate', PETSTORE, '--out', out, '--exclude', 'POST /pets/**']);
    expect(r.stderr).toMatch(/^1 tool → .*pkg \(/);
    expect(r.code).toBe(0);
  });

  it('config keys include, exclude, includeTags, excludeTags; flags win over the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-sel-'));
    copyFileSync(join(REPO_ROOT, EXTENSIONS), join(dir, 'api.yaml'));
    const config = { input: 'api.yaml', output: 'pkg', includeTags: ['reports', 'things'], exclude: ['POST *'], excludeTags: ['write'], include: ['/admin/**'] };
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify(config));
    const fromFile = runCli(['generate'], { cwd: dir });
    expect(fromFile.stderr.split('\n').filter((l) => !l.startsWith('warning ') && !l.startsWith('note ')).join('\n')).toMatch(/^4 tools → pkg \(/);
    expect(fromFile.code).toBe(0);

    const withFlag = runCli(['generate', '--include-tags', 'things', '--check'], { cwd: dir });
    expect(selectionWarnings(withFlag.stderr)).toEqual([]);
    expect(withFlag.stderr).toContain('would update data/tools/part-first.json');
    expect(withFlag.code).toBe(1);
  });
});
