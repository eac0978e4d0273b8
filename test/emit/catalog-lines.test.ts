import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';
import { catalogToolsFromJson, storedCatalogTool, type StoredCatalogTool, type ToolsetInfo } from '../../templates/runtime/search-catalog.gen.js';
import { sampleCatalog } from '../runtime/server-fixtures.js';

/**
 * data/tools/catalog.json names each tool's toolset: regenerating after one operation's tag
 * changes rewrites the lines of that tool and of the toolsets it leaves and joins, not those of
 * every tool after a new toolset (they used to hold its position).
 */

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-catalog-lines-'));

/** A spec of four GET operations; `tags` gives each one's tags (by path). */
function spec(name: string, tags: Record<string, string[]>): string {
  const paths = Object.fromEntries(
    Object.entries(tags).map(([path, list]) => [path, { get: { operationId: `get_${path.slice(1)}`, summary: `Get ${path.slice(1)}`, ...(list.length > 0 ? { tags: list } : {}), responses: { 200: { description: 'ok' } } } }]),
  );
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Lines', version: '1' }, servers: [{ url: 'https://lines.test' }], paths }));
  return file;
}

async function generated(file: string): Promise<Map<string, string>> {
  const { tools } = await mapSpec(file);
  return new Map(emitPackage(tools, { packageName: 'lines-mcp' }).files.map((f) => [f.path, f.contents]));
}

/** The lines only `before` has and the lines only `after` has (the lines of these files are unique). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [before.split('\n'), after.split('\n')];
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

const BASE = { '/apples': ['alpha'], '/bananas': ['alpha'], '/cherries': ['beta'], '/dates': ['gamma'] };

describe('catalog.json when a tag changes', () => {
  it('a new toolset before the others: only the moved tool, the toolset it left and the new one change', async () => {
    const before = await generated(spec('before', BASE));
    const after = await generated(spec('after', { ...BASE, '/apples': ['aardvark'] }));
    const { removed, added } = changedLines(before.get('data/tools/catalog.json')!, after.get('data/tools/catalog.json')!);
    expect(removed).toEqual([
      expect.stringMatching(/^\{"name":"alpha",.*"tools":2,/),
      expect.stringMatching(/^\{"name":"get_apples",.*"toolset":"alpha"/),
    ]);
    expect(added).toEqual([
      expect.stringMatching(/^\{"name":"aardvark",.*"tools":1,/),
      expect.stringMatching(/^\{"name":"alpha",.*"tools":1,/),
      expect.stringMatching(/^\{"name":"get_apples",.*"toolset":"aardvark"/),
    ]);
    // toolsets.json: one toolset a line as well
    expect(changedLines(before.get('data/tools/toolsets.json')!, after.get('data/tools/toolsets.json')!).removed).toEqual([expect.stringMatching(/^\{"name":"alpha",/)]);
  });

  it('an untagged operation that gets a tag: its line and the toolsets it moves between', async () => {
    const before = await generated(spec('untagged', { ...BASE, '/bananas': [] }));
    const after = await generated(spec('tagged', { ...BASE, '/bananas': ['beta'] }));
    const { removed, added } = changedLines(before.get('data/tools/catalog.json')!, after.get('data/tools/catalog.json')!);
    // untagged, it had a toolset of its own, named after its path
    expect(removed).toEqual([
      expect.stringMatching(/^\{"name":"bananas",.*"tools":1,/),
      expect.stringMatching(/^\{"name":"beta",.*"tools":1,/),
      expect.stringMatching(/^\{"name":"get_bananas",.*"toolset":"bananas"/),
    ]);
    expect(added).toEqual([expect.stringMatching(/^\{"name":"beta",.*"tools":2,/), expect.stringMatching(/^\{"name":"get_bananas",.*"toolset":"beta"/)]);
  });

  it('is the same bytes when generated twice', async () => {
    const file = spec('twice', BASE);
    expect((await generated(file)).get('data/tools/catalog.json')).toBe((await generated(file)).get('data/tools/catalog.json'));
  });
});

describe('catalogToolsFromJson (what src/tools/catalog.gen.ts reads)', () => {
  it('gives each tool its toolset position back', () => {
    const stored = sampleCatalog.tools.map((tool) => storedCatalogTool(tool, sampleCatalog.toolsets));
    expect(stored.map((tool) => tool.toolset)).toEqual(['issues', 'issues', 'repos', 'repos', 'Users']);
    expect(catalogToolsFromJson(stored, sampleCatalog.toolsets)).toEqual(sampleCatalog.tools);
  });

  it('names a toolset toolsets.json does not list', () => {
    const toolsets: ToolsetInfo[] = [{ name: 'a', description: '', tools: 1 }];
    const stored: StoredCatalogTool[] = [{ name: 't', summary: '', toolset: 'b', readOnly: false }];
    expect(() => catalogToolsFromJson(stored, toolsets)).toThrow('data/tools/catalog.json: tool "t" names toolset "b", which data/tools/toolsets.json does not list');
  });
});
