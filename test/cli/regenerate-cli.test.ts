import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli, withoutNotes } from '../support/run-cli.js';

/** Regeneration from the user's side: ownership, atomic failures, the fast no-op (the change report: change-report-cli.test.ts). */

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'openapi-mcp-regen-'));
}

/** Every entry below `dir`: file → sha256 + mtime, directory → 'dir'. */
function tree(dir: string, withTimes = false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const rel = relative(dir, full);
      const st = statSync(full);
      if (st.isDirectory()) {
        out[rel] = 'dir';
        walk(full);
      } else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex') + (withTimes ? ` ${st.mtimeMs}` : '');
    }
  };
  walk(dir);
  return out;
}

/** An OpenAPI 3.0 document with `n` GET operations (`op001` …), JSON. */
function specWith(n: number, extra: Record<string, unknown> = {}): string {
  const paths: Record<string, unknown> = {};
  for (let i = 1; i <= n; i++) {
    const id = String(i).padStart(3, '0');
    paths[`/items${id}`] = { get: { operationId: `op${id}`, parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Many', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths, ...extra }, null, 2);
}

const manifestOf = (out: string): { files: Record<string, string>; userFiles: string[] } =>
  JSON.parse(readFileSync(join(out, '.openapi-mcp-manifest.json'), 'utf8')) as { files: Record<string, string>; userFiles: string[] };

describe('ownership (generate on a temp dir)', () => {
  it('300 → 50 tools: part-op266 removed; user-added and user-owned files kept; an edited generated file overwritten and reported', () => {
    const dir = tmp();
    const spec = join(dir, 'spec.json');
    const out = join(dir, 'pkg');
    writeFileSync(spec, specWith(300));
    expect(runCli(['generate', spec, '--out', out]).code).toBe(0);
    // op266 starts a part (tool-parts.ts)
    expect(readdirSync(join(out, 'src/tools')).filter((f) => f.startsWith('part-'))).toEqual(['part-first.gen.ts', 'part-op266.gen.ts']);
    expect(manifestOf(out).userFiles).toContain('src/hooks.ts');

    writeFileSync(join(out, 'src/extra.ts'), 'export const mine = 1;\n');
    writeFileSync(join(out, 'src/hooks.ts'), `${readFileSync(join(out, 'src/hooks.ts'), 'utf8')}// my hook edits\n`);
    const hooks = readFileSync(join(out, 'src/hooks.ts'), 'utf8');
    writeFileSync(join(out, 'src/config.gen.ts'), `${readFileSync(join(out, 'src/config.gen.ts'), 'utf8')}// my edit\n`);

    writeFileSync(spec, specWith(50));
    const r = runCli(['generate', spec, '--out', out]);
    expect(r.code).toBe(0);
    const lines = withoutNotes(r.stderr).split('\n');
    expect(lines[0]).toBe('tools: 0 added, 250 removed, 0 changed (250 breaking)');
    expect(lines[1]).toBe('  - op051 (breaking: tool removed)');
    expect(lines).toContain('  … 230 more (--report <file> lists them all)');
    expect(lines).toContain('overwrote src/config.gen.ts: edited since it was generated (put changes in files you own)');
    expect(lines.at(-2)).toMatch(/^50 tools → .*pkg \(0 created, \d+ updated, \d+ removed\)$/);

    expect(readdirSync(join(out, 'src/tools')).filter((f) => f.startsWith('part-'))).toEqual(['part-first.gen.ts']);
    expect(readFileSync(join(out, 'src/extra.ts'), 'utf8')).toBe('export const mine = 1;\n');
    expect(readFileSync(join(out, 'src/hooks.ts'), 'utf8')).toBe(hooks);
    const fresh = join(dir, 'fresh');
    runCli(['generate', spec, '--out', fresh]);
    expect(readFileSync(join(out, 'src/config.gen.ts'), 'utf8')).toBe(readFileSync(join(fresh, 'src/config.gen.ts'), 'utf8'));
    const { 'src/extra.ts': _extra, 'src/hooks.ts': _hooks, ...generated } = tree(out);
    const { 'src/hooks.ts': _freshHooks, ...freshGenerated } = tree(fresh);
    expect(generated).toEqual(freshGenerated);
  });

  it('a tampered manifest cannot make generate delete outside the output directory or a file it did not write', () => {
    const dir = tmp();
    const out = join(dir, 'pkg');
    expect(runCli(['generate', 'test/fixtures/specs/petstore.2.0.yaml', '--out', out]).code).toBe(0);
    writeFileSync(join(dir, 'victim.txt'), 'outside');
    writeFileSync(join(out, 'src/mine.ts'), 'mine');
    const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
    const manifest = JSON.parse(readFileSync(join(out, '.openapi-mcp-manifest.json'), 'utf8')) as { files: Record<string, string>; options: string };
    manifest.files['../victim.txt'] = sha('outside');
    manifest.files[join(dir, 'victim.txt')] = sha('outside');
    manifest.files['src/mine.ts'] = sha('what the generator once wrote');
    manifest.options = '0'.repeat(64);
    writeFileSync(join(out, '.openapi-mcp-manifest.json'), JSON.stringify(manifest));
    const r = runCli(['generate', 'test/fixtures/specs/petstore.2.0.yaml', '--out', out]);
    expect(r.stderr).toContain('kept src/mine.ts: no longer generated, but edited since it was generated (delete it when unused)\n');
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('outside');
    expect(readFileSync(join(out, 'src/mine.ts'), 'utf8')).toBe('mine');
  });
});

describe('a directory openapi-mcp did not generate', () => {
  it('--out pointing at a project: one line naming what it would overwrite, exit 1, nothing written; --force overwrites', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'package.json'), '{ "name": "my-app", "main": "index.js" }\n');
    writeFileSync(join(dir, 'README.md'), '# My app\n');
    const before = tree(dir);
    for (const check of [[], ['--check']]) {
      const r = runCli(['generate', join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml'), '--out', '.', ...check], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`openapi-mcp: ${dir} was not generated by openapi-mcp (it has no .openapi-mcp-manifest.json) and holds files it would overwrite: README.md, package.json; generate into a new or empty directory, or pass --force to overwrite them\n`);
      expect(tree(dir)).toEqual(before);
    }
    const forced = runCli(['generate', join(REPO_ROOT, 'test/fixtures/specs/petstore.2.0.yaml'), '--out', '.', '--force'], { cwd: dir });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('overwrote README.md: edited since it was generated');
    expect(existsSync(join(dir, '.openapi-mcp-manifest.json'))).toBe(true);
  });
});

describe('a failed run leaves the output directory exactly as it was', () => {
  function generated(): { dir: string; spec: string; out: string; before: Record<string, string> } {
    const dir = tmp();
    const spec = join(dir, 'spec.json');
    const out = join(dir, 'pkg');
    writeFileSync(spec, specWith(50));
    expect(runCli(['generate', spec, '--out', out]).code).toBe(0);
    writeFileSync(join(out, 'src/extra.ts'), 'mine');
    return { dir, spec, out, before: tree(out) };
  }

  it('a spec that does not parse', () => {
    const { spec, out, before } = generated();
    writeFileSync(spec, '{ "openapi": "3.0.3", ');
    const r = runCli(['generate', spec, '--out', out]);
    expect(r.code).toBe(1);
    expect(tree(out)).toEqual(before);
  });

  it('--strict with a warning', () => {
    const { spec, out, before } = generated();
    writeFileSync(spec, specWith(60, { components: { schemas: { Bad: { $ref: '#/components/schemas/Missing' } } } }).replace('"type": "string"', '"$ref": "#/components/schemas/Missing"'));
    const r = runCli(['generate', spec, '--out', out, '--strict']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\(--strict\); nothing written\n$/);
    expect(tree(out)).toEqual(before);
  });

  it('an error while emitting (an invalid package name)', () => {
    const { spec, out, before } = generated();
    writeFileSync(spec, specWith(60));
    expect(runCli(['generate', spec, '--out', out, '--name', 'Bad Name']).code).toBe(1);
    expect(tree(out)).toEqual(before);
  });

  it('a write that fails midway (a directory where part-op266.gen.ts must go): everything already replaced is restored', () => {
    const { spec, out } = generated();
    mkdirSync(join(out, 'src/tools/part-op266.gen.ts'));
    writeFileSync(join(out, 'src/tools/part-op266.gen.ts/note'), 'in the way');
    const before = tree(out);
    writeFileSync(spec, specWith(300));
    const r = runCli(['generate', spec, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').at(-2)).toBe(`openapi-mcp: cannot write ${join(out, 'src/tools/part-op266.gen.ts')}: a directory is in the way; ${out} was left as it was`);
    expect(tree(out)).toEqual(before);
    expect(readdirSync(join(out, 'src/tools')).filter((f) => f.endsWith('.tmp') || f.endsWith('.bak'))).toEqual([]);
  });

  it('a write that fails at the very end (a directory where the manifest goes)', () => {
    const { spec, out } = generated();
    rmSync(join(out, '.openapi-mcp-manifest.json'));
    mkdirSync(join(out, '.openapi-mcp-manifest.json'));
    const before = tree(out);
    writeFileSync(spec, specWith(150));
    const r = runCli(['generate', spec, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(': a directory is in the way; ');
    expect(tree(out)).toEqual(before);
  });
});

describe('fast no-op', () => {
  /** A two-file spec: the root references an operation's parameter in common.yaml. */
  function project(): { dir: string; spec: string; common: string; out: string } {
    const dir = tmp();
    mkdirSync(join(dir, 'api/shared'), { recursive: true });
    const spec = join(dir, 'api/openapi.yaml');
    const common = join(dir, 'api/shared/common.yaml');
    writeFileSync(
      spec,
      [
        'openapi: 3.0.3',
        'info: { title: Two Files, version: "1" }',
        'servers: [{ url: "https://api.example.com" }]',
        'paths:',
        '  /things:',
        '    get:',
        '      operationId: listThings',
        '      parameters: [{ $ref: "shared/common.yaml#/Limit" }]',
        '      responses: { "200": { description: ok } }',
        '',
      ].join('\n'),
    );
    writeFileSync(common, 'Limit: { name: limit, in: query, description: How many, schema: { type: integer } }\n');
    return { dir, spec, common, out: join(dir, 'server') };
  }

  const verboseStages = (stderr: string): string[] => stderr.split('\n').filter((l) => /^\w+\s+\d+ ms {2}/.test(l)).map((l) => l.split(/\s+/)[0]!);

  it('a rerun with the same inputs and options is skipped and touches nothing; the manifest lists every reached file', () => {
    const { dir, out } = project();
    expect(runCli(['generate', 'api/openapi.yaml', '--out', 'server'], { cwd: dir }).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, '.openapi-mcp-manifest.json'), 'utf8')) as { root: string; inputs: { path: string }[] };
    expect(manifest.root).toBe('openapi.yaml');
    expect(manifest.inputs.map((i) => i.path)).toEqual(['openapi.yaml', 'shared/common.yaml']);
    const before = tree(out, true);
    const r = runCli(['generate', 'api/openapi.yaml', '--out', 'server', '--verbose'], { cwd: dir });
    expect(r.stderr).toBe('1 tool → server (up to date)\n');
    expect(tree(out, true)).toEqual(before);
    // The same files from another working directory: still current.
    expect(runCli(['generate', 'openapi.yaml', '--out', '../server'], { cwd: join(dir, 'api') }).stderr).toBe('1 tool → ../server (up to date)\n');
  });

  it('runs the pipeline again when a referenced file, an option or an output changed, or with --force', () => {
    const { dir, common, out } = project();
    const gen = (...extra: string[]): string[] => verboseStages(runCli(['generate', 'api/openapi.yaml', '--out', 'server', '--verbose', ...extra], { cwd: dir }).stderr);
    const all = ['load', 'normalize', 'map', 'emit', 'write'];
    expect(gen()).toEqual(all);
    expect(gen()).toEqual([]);

    writeFileSync(common, 'Limit: { name: limit, in: query, description: How many things, schema: { type: integer } }\n');
    const changed = runCli(['generate', 'api/openapi.yaml', '--out', 'server'], { cwd: dir });
    expect(withoutNotes(changed.stderr).split('\n')[0]).toBe('tools: 0 added, 0 removed, 1 changed');
    expect(withoutNotes(changed.stderr).split('\n')[1]).toBe('  ~ listThings: input schema changed');
    expect(gen()).toEqual([]);

    expect(gen('--name', 'other-name')).toEqual(all);
    expect(gen('--name', 'other-name')).toEqual([]);

    rmSync(join(out, 'src/tools/part-first.gen.ts'));
    expect(gen('--name', 'other-name')).toEqual(all);
    expect(existsSync(join(out, 'src/tools/part-first.gen.ts'))).toBe(true);

    writeFileSync(join(out, 'README.md'), 'edited');
    expect(gen('--name', 'other-name')).toEqual(all);

    rmSync(join(out, 'src/hooks.ts'));
    expect(gen('--name', 'other-name')).toEqual(all);
    expect(existsSync(join(out, 'src/hooks.ts'))).toBe(true);

    expect(gen('--name', 'other-name', '--force')).toEqual(all);
  });

  it('--check never skips: it still sees an edited generated file', () => {
    const { dir, out } = project();
    runCli(['generate', 'api/openapi.yaml', '--out', 'server'], { cwd: dir });
    expect(runCli(['generate', 'api/openapi.yaml', '--out', 'server', '--check'], { cwd: dir }).stderr).toBe('server is up to date\n');
    writeFileSync(join(out, 'src/config.gen.ts'), 'edited');
    const r = runCli(['generate', 'api/openapi.yaml', '--out', 'server', '--check'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tools: no changes\nwould overwrite src/config.gen.ts: edited since it was generated (put changes in files you own)\nwould update src/config.gen.ts\n');
  });
});
