import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EmitPlan, GeneratedFile } from '../../src/model/emit-plan.js';
import { generatorVersion } from '../../src/write/generator-version.js';
import { MANIFEST_FILE, renderManifest } from '../../src/write/manifest.js';
import { writePlan, type WriteReport } from '../../src/write/write-plan.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'openapi-mcp-plan-'));
}

/** path → contents of every file below `dir`. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

const gen = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'generator' });
const user = (path: string, contents: string): GeneratedFile => ({ path, contents, owner: 'user' });
const plan = (...f: GeneratedFile[]): EmitPlan => ({ files: f });

const V1 = plan(gen('README.md', 'readme 1'), user('src/hooks.ts', 'hooks template 1'), gen('src/a.gen.ts', 'a 1'), gen('src/tools/part-02.gen.ts', 'p2 1'));
const V2 = plan(gen('README.md', 'readme 2'), user('src/hooks.ts', 'hooks template 2'), gen('src/a.gen.ts', 'a 1'));

const NOTHING = { created: [], updated: [], removed: [], overwritten: [], kept: [] };

describe('writePlan', () => {
  it('first write creates every file and a manifest with their hashes', () => {
    const out = join(tmp(), 'pkg');
    const report = writePlan(V1, out);
    expect(report).toEqual<WriteReport>({
      ...NOTHING,
      created: ['README.md', 'src/hooks.ts', 'src/a.gen.ts', 'src/tools/part-02.gen.ts', MANIFEST_FILE],
      unchanged: 0,
      upToDate: false,
    });
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe(
      [
        '{',
        '  "generator": "openapi-mcp",',
        '  "format": 2,',
        `  "version": "${generatorVersion()}",`,
        '  "files": {',
        `    "README.md": "${sha('readme 1')}",`,
        `    "src/a.gen.ts": "${sha('a 1')}",`,
        `    "src/tools/part-02.gen.ts": "${sha('p2 1')}"`,
        '  },',
        '  "userFiles": [',
        '    "src/hooks.ts"',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('regenerating: generated files rewritten, stale ones removed (and their emptied directory), user files and user-added files kept', () => {
    const out = tmp();
    writePlan(V1, out);
    writeFileSync(join(out, 'src/hooks.ts'), 'my hooks');
    writeFileSync(join(out, 'src/mine.ts'), 'my own file');
    writeFileSync(join(out, 'src/tools/notes.md'), 'my notes next to generated files');
    const report = writePlan(V2, out);
    expect(report).toEqual<WriteReport>({ ...NOTHING, updated: ['README.md', MANIFEST_FILE], removed: ['src/tools/part-02.gen.ts'], unchanged: 2, upToDate: false });
    expect(files(out)).toEqual({
      [MANIFEST_FILE]: expect.any(String),
      'README.md': 'readme 2',
      'src/a.gen.ts': 'a 1',
      'src/hooks.ts': 'my hooks',
      'src/mine.ts': 'my own file',
      'src/tools/notes.md': 'my notes next to generated files',
    });
    writeFileSync(join(out, 'src/tools/notes.md'), '');
    expect(writePlan(V2, out).upToDate).toBe(true);
  });

  it('a stale generated file emptied of its last sibling takes its directory with it', () => {
    const out = tmp();
    writePlan(V1, out);
    writePlan(V2, out);
    expect(existsSync(join(out, 'src/tools'))).toBe(false);
  });

  it('a user-owned file deleted by the user is created again', () => {
    const out = tmp();
    writePlan(V1, out);
    writeFileSync(join(out, 'src/hooks.ts'), 'mine');
    expect(writePlan(V1, out).upToDate).toBe(true);
    rmSync(join(out, 'src/hooks.ts'));
    expect(writePlan(V1, out).created).toEqual(['src/hooks.ts']);
    expect(readFileSync(join(out, 'src/hooks.ts'), 'utf8')).toBe('hooks template 1');
  });

  it('an edit to a generated file is overwritten and reported', () => {
    const out = tmp();
    writePlan(V1, out);
    writeFileSync(join(out, 'src/a.gen.ts'), 'a 1 with my fix');
    const report = writePlan(V1, out);
    expect(report).toEqual<WriteReport>({ ...NOTHING, updated: ['src/a.gen.ts'], overwritten: ['src/a.gen.ts'], unchanged: 4, upToDate: false });
    expect(readFileSync(join(out, 'src/a.gen.ts'), 'utf8')).toBe('a 1');
  });

  it('a generated file changed by the generator is updated, not reported as overwritten', () => {
    const out = tmp();
    writePlan(V1, out);
    expect(writePlan(V2, out).overwritten).toEqual([]);
  });

  it('a directory it did not generate (no manifest) is not written over: it says which files it would overwrite, and writes nothing', () => {
    const out = tmp();
    mkdirSync(join(out, 'src'));
    writeFileSync(join(out, 'README.md'), 'the user wrote this before generating');
    writeFileSync(join(out, 'src/a.gen.ts'), 'a 1');
    writeFileSync(join(out, 'src/hooks.ts'), 'theirs');
    writeFileSync(join(out, 'notes.txt'), 'theirs too');
    const before = files(out);
    for (const mode of ['write', 'check'] as const) {
      expect(() => writePlan(V1, out, mode)).toThrow(
        `${out} was not generated by openapi-mcp (it has no ${MANIFEST_FILE}) and holds files it would overwrite: README.md; generate into a new or empty directory, or pass --force to overwrite them`,
      );
    }
    expect(files(out)).toEqual(before);
  });

  it('... and with `adopt` (--force) it overwrites them and says so', () => {
    const out = tmp();
    writeFileSync(join(out, 'README.md'), 'the user wrote this before generating');
    expect(writePlan(V1, out, 'write', { adopt: true }).overwritten).toEqual(['README.md']);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toBe('readme 1');
  });

  it('a directory with only files equal to the generated ones, or only user-owned ones, is generated into', () => {
    const out = tmp();
    mkdirSync(join(out, 'src'));
    writeFileSync(join(out, 'src/a.gen.ts'), 'a 1');
    writeFileSync(join(out, 'src/hooks.ts'), 'theirs');
    expect(writePlan(V1, out).created).toEqual(['README.md', 'src/tools/part-02.gen.ts', MANIFEST_FILE]);
  });

  it('a stale generated file edited since is kept and reported', () => {
    const out = tmp();
    writePlan(V1, out);
    writeFileSync(join(out, 'src/tools/part-02.gen.ts'), 'p2 1, edited');
    const report = writePlan(V2, out);
    expect(report.removed).toEqual([]);
    expect(report.kept).toEqual(['src/tools/part-02.gen.ts']);
    expect(readFileSync(join(out, 'src/tools/part-02.gen.ts'), 'utf8')).toBe('p2 1, edited');
  });

  it('check mode writes nothing and reports what would change', () => {
    const out = tmp();
    writePlan(V1, out);
    const before = files(out);
    const report = writePlan(V2, out, 'check');
    expect(report).toEqual<WriteReport>({ ...NOTHING, updated: ['README.md', MANIFEST_FILE], removed: ['src/tools/part-02.gen.ts'], unchanged: 2, upToDate: false });
    expect(files(out)).toEqual(before);
  });

  it('a tampered manifest cannot make it delete outside the output directory, a user file, or through a symlink', () => {
    const root = tmp();
    const out = join(root, 'out');
    mkdirSync(join(out, 'src'), { recursive: true });
    writeFileSync(join(root, 'victim.txt'), 'outside');
    writeFileSync(join(out, 'src/mine.ts'), 'user file');
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere/x.gen.ts'), 'x');
    symlinkSync(join(root, 'elsewhere'), join(out, 'link'));
    symlinkSync(join(root, 'victim.txt'), join(out, 'victim-link.gen.ts'));
    const manifest = {
      generator: 'openapi-mcp',
      format: 2,
      version: generatorVersion(),
      files: {
        '../victim.txt': sha('outside'),
        [join(root, 'victim.txt')]: sha('outside'),
        'src/../../victim.txt': sha('outside'),
        'C:\\victim.txt': sha('outside'),
        'src/mine.ts': sha('not what the user wrote'),
        'link/x.gen.ts': sha('x'),
        'victim-link.gen.ts': sha('outside'),
        'src': sha(''),
      },
      userFiles: ['../victim.txt'],
    };
    writeFileSync(join(out, MANIFEST_FILE), JSON.stringify(manifest));
    const report = writePlan(plan(gen('README.md', 'r')), out);
    expect(report.removed).toEqual([]);
    expect(report.kept).toEqual(['src/mine.ts']);
    expect(readFileSync(join(root, 'victim.txt'), 'utf8')).toBe('outside');
    expect(readFileSync(join(root, 'elsewhere/x.gen.ts'), 'utf8')).toBe('x');
    expect(readFileSync(join(out, 'src/mine.ts'), 'utf8')).toBe('user file');
    expect(existsSync(join(out, 'victim-link.gen.ts'))).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')).files)).toEqual(['README.md']);
  });

  it('an emitted path outside the directory is a bug, not a write', () => {
    const out = tmp();
    expect(() => writePlan(plan(gen('../x', '')), out)).toThrow('emit produced an invalid path: "../x"');
    expect(readdirSync(out)).toEqual([]);
  });

  it('records what the caller passes, deterministically', () => {
    const out = tmp();
    writePlan(plan(gen('a', 'x')), out, 'write', {
      record: { options: sha('o'), root: 'spec.yaml', inputs: [{ path: 'spec.yaml', sha256: sha('s') }, { path: '../common/a.yaml', sha256: sha('c') }], tools: new Map() },
    });
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe(
      renderManifest({ version: generatorVersion(), options: sha('o'), root: 'spec.yaml', inputs: [{ path: '../common/a.yaml', sha256: sha('c') }, { path: 'spec.yaml', sha256: sha('s') }], files: new Map([['a', sha('x')]]), userFiles: [], tools: new Map() }),
    );
  });
});

describe('leftovers of a killed run', () => {
  it('temp and backup files of a process that is gone are removed by the next write; those of a running one, and look-alikes, stay', () => {
    const out = tmp();
    writePlan(V1, out);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const leftovers = [`.README.md.openapi-mcp-${dead}-0a1b2c3d.tmp`, `src/.a.gen.ts.openapi-mcp-${dead}-0a1b2c3d.bak`, `src/tools/.part-02.gen.ts.openapi-mcp-${dead}-ffffffff.tmp`];
    const kept = [`.README.md.openapi-mcp-${process.pid}-0a1b2c3d.tmp`, `src/.notes.openapi-mcp-${dead}-draft.tmp`, `src/.a.gen.ts.openapi-mcp-${dead}-0a1b2c3d.txt`];
    for (const path of [...leftovers, ...kept]) writeFileSync(join(out, path), 'x');
    expect(writePlan(V1, out, 'check').upToDate).toBe(true);
    for (const path of leftovers) expect(existsSync(join(out, path))).toBe(true);
    expect(writePlan(V1, out).upToDate).toBe(true);
    for (const path of leftovers) expect(existsSync(join(out, path))).toBe(false);
    for (const path of kept) expect(existsSync(join(out, path))).toBe(true);
    writeFileSync(join(out, leftovers[0]!), 'x');
    writePlan(V2, out);
    expect(existsSync(join(out, leftovers[0]!))).toBe(false);
  });
});
