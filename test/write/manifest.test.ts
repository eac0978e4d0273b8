import { describe, expect, it } from 'vitest';
import type { ToolSummary } from '../../src/report/tool-summary.js';
import { parseManifest, renderManifest, type Manifest } from '../../src/write/manifest.js';

const S = (c: string): string => c.repeat(64);
const T = (c: string): string => c.repeat(16);

const manifest: Manifest = {
  version: '1.2.3',
  options: S('a'),
  root: 'spec.yaml',
  inputs: [
    { path: 'spec.yaml', sha256: S('b') },
    { path: '../common/errors.yaml', sha256: S('c') },
  ],
  files: new Map([
    ['src/z.gen.ts', S('d')],
    ['README.md', S('e')],
  ]),
  userFiles: ['src/hooks.ts'],
  tools: new Map<string, ToolSummary>([
    ['zeta', { arguments: {}, input: T('1'), text: T('2'), hints: T('3'), binding: T('4') }],
    ['alpha', { method: 'GET', path: '/a', arguments: { id: { required: true, type: ['integer'] } }, input: T('1'), output: T('5'), text: T('2'), hints: T('3'), binding: T('4') }],
  ]),
};

describe('renderManifest', () => {
  it('sorted, one entry per line, no timestamps', () => {
    expect(renderManifest(manifest)).toBe(
      [
        '{',
        '  "generator": "openapi-mcp",',
        '  "format": 2,',
        '  "version": "1.2.3",',
        `  "options": "${S('a')}",`,
        '  "root": "spec.yaml",',
        '  "inputs": [',
        `    {"path":"../common/errors.yaml","sha256":"${S('c')}"},`,
        `    {"path":"spec.yaml","sha256":"${S('b')}"}`,
        '  ],',
        '  "files": {',
        `    "README.md": "${S('e')}",`,
        `    "src/z.gen.ts": "${S('d')}"`,
        '  },',
        '  "userFiles": [',
        '    "src/hooks.ts"',
        '  ],',
        '  "tools": {',
        `    "alpha": {"method":"GET","path":"/a","arguments":{"id":{"required":true,"type":["integer"]}},"input":"${T('1')}","output":"${T('5')}","text":"${T('2')}","hints":"${T('3')}","binding":"${T('4')}"},`,
        `    "zeta": {"arguments":{},"input":"${T('1')}","text":"${T('2')}","hints":"${T('3')}","binding":"${T('4')}"}`,
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('round-trips through parseManifest', () => {
    const parsed = parseManifest(JSON.parse(renderManifest(manifest)));
    expect(parsed && renderManifest(parsed)).toBe(renderManifest(manifest));
  });

  it('the base URL, a string or null (no server), round-trips; anything else counts as unknown', () => {
    for (const baseUrl of ['https://api.example.com', null]) {
      const text = renderManifest({ ...manifest, baseUrl });
      expect(text).toContain(`\n  "baseUrl": ${JSON.stringify(baseUrl)},\n`);
      expect(parseManifest(JSON.parse(text))?.baseUrl).toBe(baseUrl);
    }
    expect(parseManifest({ ...JSON.parse(renderManifest(manifest)), baseUrl: 3 })?.baseUrl).toBeUndefined();
  });

  it('without record: files and userFiles only', () => {
    expect(renderManifest({ version: '1', files: new Map(), userFiles: [] })).toBe('{\n  "generator": "openapi-mcp",\n  "format": 2,\n  "version": "1",\n  "files": {},\n  "userFiles": []\n}\n');
  });
});

describe('parseManifest', () => {
  const base = { generator: 'openapi-mcp', format: 2, version: '1', files: {}, userFiles: [] };
  const cases: { name: string; given: unknown; want: Partial<Manifest> | undefined }[] = [
    { name: 'not an object', given: [], want: undefined },
    { name: 'another generator', given: { ...base, generator: 'x' }, want: undefined },
    { name: 'the first format (files as a list)', given: { generator: 'openapi-mcp', files: ['README.md'] }, want: undefined },
    {
      name: 'unsafe and malformed file entries dropped',
      given: { ...base, files: { '../x': S('a'), '/abs': S('a'), 'ok.ts': S('a'), 'short.ts': 'abc', '.openapi-mcp-manifest.json': S('a') }, userFiles: ['../u', 'u.ts', 3] },
      want: { files: new Map([['ok.ts', S('a')]]), userFiles: ['u.ts'] },
    },
    { name: 'inputs without a root that is one of them: no inputs', given: { ...base, root: 'x.yaml', inputs: [{ path: 'spec.yaml', sha256: S('a') }] }, want: {} },
    { name: 'a malformed input: no inputs', given: { ...base, root: 'spec.yaml', inputs: [{ path: 'spec.yaml', sha256: S('a') }, { path: 'b.yaml' }] }, want: {} },
    { name: 'a malformed tool: no tools', given: { ...base, tools: { a: { arguments: {} } } }, want: {} },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const got = parseManifest(given);
      if (want === undefined) expect(got).toBeUndefined();
      else expect(got).toEqual({ version: '1', files: new Map(), userFiles: [], ...want });
    });
  }
});
