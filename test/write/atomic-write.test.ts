import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { applyChanges, nodeFileOps, type FileChange, type FileOps } from '../../src/write/atomic-write.js';

/** Every file and directory below `dir`: path → sha256 (files) or 'dir'. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const rel = relative(dir, full);
      if (lstatSync(full).isDirectory()) {
        out[rel] = 'dir';
        walk(full);
      } else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

function fixture(): { dir: string; changes: FileChange[] } {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-atomic-'));
  mkdirSync(join(dir, 'src/old'), { recursive: true });
  writeFileSync(join(dir, 'a.txt'), 'old a');
  writeFileSync(join(dir, 'src/b.ts'), 'old b');
  writeFileSync(join(dir, 'src/old/stale.gen.ts'), 'stale');
  writeFileSync(join(dir, 'src/mine.ts'), 'user file, not in the change set');
  const changes: FileChange[] = [
    { path: 'a.txt', contents: 'new a', exists: true },
    { path: 'new/deep/c.ts', contents: 'new c', exists: false },
    { path: 'src/b.ts', contents: 'new b', exists: true },
    { path: 'src/old/stale.gen.ts', exists: true },
    { path: 'z.json', contents: '{}', exists: false },
  ];
  return { dir, changes };
}

/** nodeFileOps whose `n`-th call (counting every call) throws EIO. */
function failingAt(n: number, linkWorks = true): { ops: FileOps; calls: () => number } {
  let count = 0;
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      if (++count === n) throw Object.assign(new Error('injected'), { code: 'EIO' });
      return fn(...args);
    };
  const ops: FileOps = {
    mkdir: wrap(nodeFileOps.mkdir),
    writeNew: wrap(nodeFileOps.writeNew),
    link: linkWorks
      ? wrap(nodeFileOps.link)
      : wrap(() => {
          throw Object.assign(new Error('no links here'), { code: 'EPERM' });
        }),
    rename: wrap(nodeFileOps.rename),
    unlink: wrap(nodeFileOps.unlink),
  };
  return { ops, calls: () => count };
}

describe('applyChanges', () => {
  it('writes, replaces and removes, leaving no temp or backup file and no emptied directory', () => {
    const { dir, changes } = fixture();
    applyChanges(dir, changes);
    expect(Object.keys(tree(dir))).toEqual(['a.txt', 'new', 'new/deep', 'new/deep/c.ts', 'src', 'src/b.ts', 'src/mine.ts', 'z.json']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('new a');
    expect(readFileSync(join(dir, 'src/b.ts'), 'utf8')).toBe('new b');
    expect(readFileSync(join(dir, 'new/deep/c.ts'), 'utf8')).toBe('new c');
  });

  it('creates each directory once, however many files go into it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-atomic-'));
    const made: string[] = [];
    const ops: FileOps = { ...nodeFileOps, mkdir: (path) => (made.push(relative(dir, path)), nodeFileOps.mkdir(path)) };
    const changes: FileChange[] = ['a/1.ts', 'a/2.ts', 'b/c/3.ts', 'a/4.ts', 'b/c/5.ts', '6.ts'].map((path) => ({ path, contents: path, exists: false }));
    applyChanges(dir, changes, ops);
    expect(made).toEqual(['a', 'b/c', '']);
    expect(readFileSync(join(dir, 'b/c/5.ts'), 'utf8')).toBe('b/c/5.ts');
  });

  for (const linkWorks of [true, false]) {
    it(`a failure at any filesystem call leaves the tree exactly as it was (${linkWorks ? 'hard-link' : 'rename'} backups)`, () => {
      // Count the calls of a successful run, then fail at each one in turn.
      const probe = fixture();
      const counter = failingAt(0, linkWorks);
      applyChanges(probe.dir, probe.changes, counter.ops);
      const total = counter.calls();
      expect(total).toBeGreaterThan(10);
      for (let n = 1; n <= total; n++) {
        const { dir, changes } = fixture();
        const before = tree(dir);
        const { ops } = failingAt(n, linkWorks);
        let error: unknown;
        try {
          applyChanges(dir, changes, ops);
        } catch (e) {
          error = e;
        }
        // The calls after the commit (deleting backups) may fail harmlessly: the run has succeeded.
        if (error === undefined) {
          expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('new a');
          continue;
        }
        expect(error).toBeInstanceOf(UserError);
        expect((error as Error).message).toMatch(/^cannot write .*: EIO; .* was left as it was$/);
        expect(tree(dir), `failure at call ${n}`).toEqual(before);
      }
    });
  }

  it('a directory where a file should go: the error names it and everything already replaced is restored', () => {
    const { dir, changes } = fixture();
    mkdirSync(join(dir, 'z.json'));
    writeFileSync(join(dir, 'z.json/keep'), 'x');
    const before = tree(dir);
    expect(() => applyChanges(dir, changes)).toThrow(new UserError(`cannot write ${join(dir, 'z.json')}: a directory is in the way; ${dir} was left as it was`));
    expect(tree(dir)).toEqual(before);
  });

  it('a file where a directory should go fails while staging and creates nothing', () => {
    const { dir, changes } = fixture();
    writeFileSync(join(dir, 'new'), 'a file named like the directory');
    const before = tree(dir);
    expect(() => applyChanges(dir, changes)).toThrow(/^cannot write .*new\/deep\/c\.ts: a file is in the way of a directory; .* was left as it was$/);
    expect(tree(dir)).toEqual(before);
  });

  it('creates the output directory itself, and removes it again when the run fails', () => {
    const parent = mkdtempSync(join(tmpdir(), 'openapi-mcp-atomic-'));
    const out = join(parent, 'out');
    expect(() => applyChanges(out, [{ path: 'a/b.ts', contents: 'x', exists: false }, { path: 'c.ts', contents: 'y', exists: true }])).toThrow(UserError);
    expect(existsSync(out)).toBe(false);
    applyChanges(out, [{ path: 'a/b.ts', contents: 'x', exists: false }]);
    expect(readFileSync(join(out, 'a/b.ts'), 'utf8')).toBe('x');
  });
});
