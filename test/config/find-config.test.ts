import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAMES, findConfig } from '../../src/config/find-config.js';

describe('findConfig', () => {
  it('looks for .ts, .mts, .js, .mjs, .json in that order', () => {
    expect(CONFIG_FILE_NAMES).toEqual(['openapi-mcp.config.ts', 'openapi-mcp.config.mts', 'openapi-mcp.config.js', 'openapi-mcp.config.mjs', 'openapi-mcp.config.json']);
  });

  const cases: { name: string; given: string[]; want: string | undefined }[] = [
    { name: 'none', given: ['openapi.yaml', 'openapi-mcp.json', 'openapi-mcp.config.yaml'], want: undefined },
    { name: 'json alone', given: ['openapi-mcp.config.json'], want: 'openapi-mcp.config.json' },
    { name: 'ts before json', given: ['openapi-mcp.config.json', 'openapi-mcp.config.ts'], want: 'openapi-mcp.config.ts' },
    { name: 'mts before js', given: ['openapi-mcp.config.js', 'openapi-mcp.config.mts'], want: 'openapi-mcp.config.mts' },
    { name: 'js before mjs', given: ['openapi-mcp.config.mjs', 'openapi-mcp.config.js'], want: 'openapi-mcp.config.js' },
    { name: 'mjs before json', given: ['openapi-mcp.config.json', 'openapi-mcp.config.mjs'], want: 'openapi-mcp.config.mjs' },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-find-'));
      for (const file of given) writeFileSync(join(dir, file), '{}');
      expect(findConfig(dir)).toBe(want === undefined ? undefined : join(dir, want));
    });
  }

  it('does not look in parent directories', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-find-'));
    writeFileSync(join(dir, 'openapi-mcp.config.json'), '{}');
    const child = mkdtempSync(join(dir, 'pkg-'));
    expect(findConfig(child)).toBe(undefined);
  });
});
