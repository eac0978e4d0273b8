import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';
import { costReport, toolModelCost } from '../../src/report/cost-summary.js';
import { toolsetLines } from '../../templates/runtime/dynamic-list.gen.js';
import { catalogToolsFromJson, toolsetOrder, type StoredCatalogTool, type ToolsetInfo } from '../../templates/runtime/search-catalog.gen.js';
import { toolsetTable } from '../../templates/runtime/tool-selection.gen.js';

/**
 * Every listing of the toolsets shows them in one order (toolsetOrder): the spec's root `tags` in
 * their order, then the others (undeclared tags, path segments) by name. It does not depend on
 * where the operations stand, so a tool that moves in tools/list order moves no toolset line.
 */

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-toolset-order-'));

/** GET operations by path, each with the tags given; the root `tags` list declares `declared`. */
function spec(name: string, declared: string[], tags: Record<string, string[]>): string {
  const paths = Object.fromEntries(
    Object.entries(tags).map(([path, list]) => [path, { get: { operationId: `get${path.replaceAll('/', '_')}`, summary: `Get ${path}`, ...(list.length > 0 ? { tags: list } : {}), responses: { 200: { description: 'ok' } } } }]),
  );
  const file = join(dir, `${name}.json`);
  const root = { openapi: '3.0.3', info: { title: 'Order', version: '1' }, servers: [{ url: 'https://order.test' }], tags: declared.map((tag) => ({ name: tag, description: `About ${tag}.` })), paths };
  writeFileSync(file, JSON.stringify(root));
  return file;
}

async function generated(file: string): Promise<{ files: Map<string, string>; report: string[] }> {
  const { tools } = await mapSpec(file);
  const cost = await toolModelCost(tools);
  const files = new Map(emitPackage(tools, { packageName: 'order-mcp', cost }).files.map((f) => [f.path, f.contents]));
  return { files, report: costReport(cost, 50_000).toolsets.map((set) => set.name) };
}

// Declared zeta before alpha (not name order); beta is an undeclared tag, `misc` and `aaa` path segments.
const DECLARED = ['zeta', 'alpha', 'unused'];
const BASE = { '/aaa': [], '/b': ['beta'], '/c': ['alpha'], '/d': ['zeta'], '/misc': [], '/f': ['alpha'] };
const ORDER = ['zeta', 'alpha', 'aaa', 'beta', 'misc'];

describe('toolset order', () => {
  it('is the same in toolsets.json, catalog.json, --list-toolsets, search_tools, the README and the report', async () => {
    const { files, report } = await generated(spec('base', DECLARED, BASE));
    const toolsets = JSON.parse(files.get('data/tools/toolsets.json')!) as ToolsetInfo[];
    expect(toolsets.map((set) => set.name)).toEqual(ORDER);
    const stored = JSON.parse(files.get('data/tools/catalog.json')!) as { toolsets: ToolsetInfo[]; tools: StoredCatalogTool[] };
    expect(stored.toolsets.map((set) => set.name)).toEqual(ORDER);
    const catalog = { toolsets, tools: catalogToolsFromJson(stored.tools, toolsets) };
    const all = catalog.tools.map((_, i) => i);
    expect(toolsetTable(catalog, all).split('\n').slice(1, -2).map((row) => row.split(' ')[0])).toEqual(ORDER);
    expect(toolsetLines(catalog, all, 1_000).split('\n').slice(1).map((line) => line.split(' ')[1])).toEqual(ORDER);
    const readme = files.get('README.md')!;
    const table = readme.slice(readme.indexOf('| toolset | tools | tokens |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    expect(rows.map((row) => row.split(' ')[1])).toEqual(ORDER);
    expect(report).toEqual(ORDER);
  });

  it('does not change when a tool moves in tools/list order (a path renamed): toolsets.json is the same bytes', async () => {
    const before = await generated(spec('before', DECLARED, BASE));
    // /c (alpha) becomes /0c, first in tools/list: first use would now put alpha before zeta
    const { '/c': alpha, ...rest } = BASE;
    const after = await generated(spec('after', DECLARED, { '/0c': alpha, ...rest }));
    expect(after.files.get('data/tools/toolsets.json')).toBe(before.files.get('data/tools/toolsets.json'));
    const toolsetLinesOf = (catalog: string): string => catalog.slice(0, catalog.indexOf('\n"tools"'));
    expect(toolsetLinesOf(after.files.get('data/tools/catalog.json')!)).toBe(toolsetLinesOf(before.files.get('data/tools/catalog.json')!));
  });

  it('a new undeclared toolset takes its place by name; the others keep theirs', async () => {
    const after = await generated(spec('new-tag', DECLARED, { ...BASE, '/d': ['abc'] }));
    const names = (JSON.parse(after.files.get('data/tools/toolsets.json')!) as ToolsetInfo[]).map((set) => set.name);
    expect(names).toEqual(['alpha', 'aaa', 'abc', 'beta', 'misc']); // zeta has no tool left
  });

  it('toolsetOrder: declared ones (each once) first in their order, then the rest by code unit', () => {
    expect(toolsetOrder(['b', 'Z', 'x', 'a', 'x', 'c'], ['x', 'c', 'x', 'none'])).toEqual(['x', 'c', 'Z', 'a', 'b']);
    expect(toolsetOrder(['b', 'a'])).toEqual(['a', 'b']);
  });
});
