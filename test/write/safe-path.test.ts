import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSafeRelativePath, parentIsInside } from '../../src/write/safe-path.js';

describe('isSafeRelativePath', () => {
  const cases: { name: string; given: string; want: boolean }[] = [
    { name: 'a file', given: 'README.md', want: true },
    { name: 'a nested file', given: 'src/tools/part-01.gen.ts', want: true },
    { name: 'a dot file', given: '.env.example', want: true },
    { name: 'a name starting with two dots', given: '..hidden', want: true },
    { name: 'empty', given: '', want: false },
    { name: 'parent', given: '../x', want: false },
    { name: 'parent in the middle', given: 'src/../../x', want: false },
    { name: 'parent at the end', given: 'src/..', want: false },
    { name: 'dot segment', given: './x', want: false },
    { name: 'empty segment', given: 'src//x', want: false },
    { name: 'trailing slash', given: 'src/', want: false },
    { name: 'absolute', given: '/etc/passwd', want: false },
    { name: 'drive letter', given: 'C:/x', want: false },
    { name: 'drive-relative', given: 'c:x', want: false },
    { name: 'backslash', given: 'src\\..\\..\\x', want: false },
    { name: 'UNC', given: '\\\\server\\share', want: false },
    { name: 'NUL', given: 'a\0b', want: false },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(isSafeRelativePath(given)).toBe(want));
});

describe('parentIsInside', () => {
  it('follows symlinks: a directory linked to elsewhere is outside', () => {
    const root = mkdtempSync(join(tmpdir(), 'openapi-mcp-safe-'));
    const out = join(root, 'out');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(out, 'src'), { recursive: true });
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'x.ts'), '');
    symlinkSync(elsewhere, join(out, 'link'));
    symlinkSync(join(out, 'src'), join(out, 'inner-link'));
    expect(parentIsInside(out, 'README.md')).toBe(true);
    expect(parentIsInside(out, 'src/a.ts')).toBe(true);
    expect(parentIsInside(out, 'inner-link/a.ts')).toBe(true);
    expect(parentIsInside(out, 'link/x.ts')).toBe(false);
    expect(parentIsInside(out, 'missing/x.ts')).toBe(false);
  });
});
