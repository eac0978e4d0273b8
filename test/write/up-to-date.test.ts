import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LoadedSpec } from '../../src/load/loaded-spec.js';
import type { Manifest } from '../../src/write/manifest.js';
import { isUpToDate, recordInputs } from '../../src/write/up-to-date.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A project: api/spec.yaml referencing api/common/a.yaml (bytes only), out/ with one generated file. */
function project(): { dir: string; out: string; manifest: Manifest } {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-fresh-'));
  mkdirSync(join(dir, 'api/common'), { recursive: true });
  mkdirSync(join(dir, 'out/src'), { recursive: true });
  writeFileSync(join(dir, 'api/spec.yaml'), 'root');
  writeFileSync(join(dir, 'api/common/a.yaml'), 'common');
  writeFileSync(join(dir, 'api/other.yaml'), 'root');
  writeFileSync(join(dir, 'out/src/x.gen.ts'), 'x');
  writeFileSync(join(dir, 'out/src/hooks.ts'), 'mine');
  const manifest: Manifest = {
    version: '1.0.0',
    options: sha('options'),
    root: 'spec.yaml',
    inputs: [
      { path: 'spec.yaml', sha256: sha('root') },
      { path: 'common/a.yaml', sha256: sha('common') },
    ],
    files: new Map([['src/x.gen.ts', sha('x')]]),
    userFiles: ['src/hooks.ts'],
  };
  return { dir, out: join(dir, 'out'), manifest };
}

const key = (dir: string, over: Partial<{ input: string; version: string; options: string | undefined }> = {}) => ({
  input: 'api/spec.yaml',
  cwd: dir,
  version: '1.0.0',
  options: sha('options'),
  ...over,
});

describe('isUpToDate', () => {
  it('hashes the root bytes it is given (the CLI prefetched them) instead of reading the file', () => {
    const { dir, out, manifest } = project();
    writeFileSync(join(dir, 'api/spec.yaml'), 'changed on disk');
    const url = pathToFileURL(join(dir, 'api/spec.yaml')).href;
    expect(isUpToDate(out, manifest, { ...key(dir), rootBytes: { url, bytes: Buffer.from('root') } })).toBe(true);
    expect(isUpToDate(out, manifest, { ...key(dir), rootBytes: { url, bytes: Buffer.from('root!') } })).toBe(false);
    expect(isUpToDate(out, manifest, key(dir))).toBe(false);
  });

  it('true when every input, output and user file matches', () => {
    const { dir, out, manifest } = project();
    expect(isUpToDate(out, manifest, key(dir))).toBe(true);
    expect(isUpToDate(out, manifest, key(join(dir, 'api'), { input: 'spec.yaml' }))).toBe(true);
    expect(isUpToDate(out, manifest, key('/', { input: pathToFileURL(join(dir, 'api/spec.yaml')).href }))).toBe(true);
  });

  const cases: { name: string; change: (p: { dir: string; out: string; manifest: Manifest }) => { manifest?: Manifest; key?: ReturnType<typeof key> } }[] = [
    { name: 'no manifest', change: () => ({ manifest: undefined as unknown as Manifest }) },
    { name: 'another generator version', change: ({ dir }) => ({ key: key(dir, { version: '1.0.1' }) }) },
    { name: 'other options', change: ({ dir }) => ({ key: key(dir, { options: sha('other') }) }) },
    { name: 'options that cannot be hashed', change: ({ dir }) => ({ key: key(dir, { options: undefined }) }) },
    { name: 'a referenced file changed', change: ({ dir }) => (writeFileSync(join(dir, 'api/common/a.yaml'), 'common!'), {}) },
    { name: 'the root changed', change: ({ dir }) => (writeFileSync(join(dir, 'api/spec.yaml'), 'root!'), {}) },
    { name: 'another root with the same bytes', change: ({ dir }) => ({ key: key(dir, { input: 'api/other.yaml' }) }) },
    { name: 'a generated file edited', change: ({ out }) => (writeFileSync(join(out, 'src/x.gen.ts'), 'y'), {}) },
    { name: 'a user file deleted', change: ({ manifest }) => ({ manifest: { ...manifest, userFiles: ['src/gone.ts'] } }) },
    { name: 'a URL spec', change: ({ dir }) => ({ key: key(dir, { input: 'https://example.com/spec.yaml' }) }) },
    { name: 'an input that is a URL', change: ({ manifest }) => ({ manifest: { ...manifest, inputs: [...manifest.inputs!, { path: 'https://example.com/x.yaml', sha256: sha('x') }] } }) },
    { name: 'no inputs recorded', change: ({ manifest }) => ({ manifest: { ...manifest, inputs: undefined } }) },
  ];
  for (const { name, change } of cases) {
    it(`false: ${name}`, () => {
      const p = project();
      const changed = change(p);
      expect(isUpToDate(p.out, 'manifest' in changed ? changed.manifest : p.manifest, changed.key ?? key(p.dir))).toBe(false);
    });
  }
});

describe('recordInputs', () => {
  const root = 'file:///p/api/spec.yaml';
  const loaded = (diagnostics: LoadedSpec['diagnostics'] = []): LoadedSpec => ({
    root: { url: root, display: 'api/spec.yaml', document: {} },
    specVersion: '3.1',
    files: new Map(),
    hash: '',
    fileHashes: new Map([
      [root, sha('root')],
      ['file:///p/shared/a.yaml', sha('a')],
      ['https://example.com/b.yaml', sha('b')],
    ]),
    diagnostics,
  });

  it('paths relative to the root spec file; remote ones as URLs', () => {
    expect(recordInputs(loaded())).toEqual({
      root: 'spec.yaml',
      inputs: [
        { path: 'spec.yaml', sha256: sha('root') },
        { path: '../shared/a.yaml', sha256: sha('a') },
        { path: 'https://example.com/b.yaml', sha256: sha('b') },
      ],
    });
  });

  it('nothing when a referenced file could not be read (it may appear later)', () => {
    expect(recordInputs(loaded([{ severity: 'warning', code: 'ref-file-unreadable', message: 'cannot read x.yaml: no such file' }]))).toBeUndefined();
  });
});
