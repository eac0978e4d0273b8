import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';

/**
 * The tool data, the client types and the client-only package's definitions are cut into parts
 * whose boundaries and names depend on the tools, not their positions (src/emit/tool-parts.ts):
 * one operation added, removed or edited changes the files of its own part, and in them its own
 * lines; no later part moves or is renamed. op001 … op400 are three parts: part-first (op001 to
 * op265), part-op266 (to op344), part-op345; every edit below is in part-op266.
 */

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-part-lines-'));

interface Op {
  id: string;
  path: string;
  summary: string;
}

const BASE: Op[] = Array.from({ length: 400 }, (_, i) => {
  const id = `op${String(i + 1).padStart(3, '0')}`;
  return { id, path: `/items/${id}`, summary: `Get item ${id}` };
});

async function generate(name: string, ops: readonly Op[], clientOnly = false): Promise<Map<string, string>> {
  const paths = Object.fromEntries(ops.map((op) => [op.path, { get: { operationId: op.id, summary: op.summary, tags: ['items'], responses: { 200: { description: 'ok' } } } }]));
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Parts', version: '1' }, servers: [{ url: 'https://parts.test' }], paths }));
  const { tools } = await mapSpec(file);
  return new Map(emitPackage(tools, { packageName: 'parts-mcp', clientOnly }).files.map((f) => [f.path, f.contents]));
}

const isPart = (path: string): boolean => /\/part-[a-z0-9-]+\.(json|gen\.ts)$/.test(path);

/** The part files that differ (created, removed or changed), sorted. */
function changedParts(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()].filter(isPart));
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** The lines only `before` has and the lines only `after` has. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [before.split('\n'), after.split('\n')];
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

const OWN_PART = ['data/tools/part-op266.json', 'src/client/types/part-op266.gen.ts'];
const at = (id: string): number => BASE.findIndex((op) => op.id === id);

describe('part files when one operation changes', () => {
  it('the same three parts in the tool data, its loaders and the client types', async () => {
    const files = await generate('base', BASE);
    const parts = [...files.keys()].filter(isPart).sort();
    expect(parts).toEqual(['first', 'op266', 'op345'].flatMap((p) => [`data/tools/part-${p}.json`, `src/client/types/part-${p}.gen.ts`, `src/tools/part-${p}.gen.ts`]).sort());
    expect(files.get('data/tools/part-op266.json')!.split('\n')[1]).toContain('"name":"op266"');
    expect(files.get('data/tools/part-op345.json')!.split('\n')[1]).toContain('"name":"op345"');
  });

  it('one added in the middle: one line in its part, one line of the method table; no other part changes', async () => {
    const before = await generate('base', BASE);
    const after = await generate('added', [...BASE.slice(0, at('op300')), { id: 'op299b', path: '/items/op299b', summary: 'Get item op299b' }, ...BASE.slice(at('op300'))]);
    expect(changedParts(before, after)).toEqual(OWN_PART);
    const data = changedLines(before.get('data/tools/part-op266.json')!, after.get('data/tools/part-op266.json')!);
    expect(data.removed).toEqual([]);
    expect(data.added).toEqual([expect.stringContaining('"name":"op299b"')]);
    expect(changedLines(before.get('src/client/methods.gen.ts')!, after.get('src/client/methods.gen.ts')!)).toEqual({ removed: [], added: ['    "op299b": {"tool":"op299b","part":"part-op266"},'] });
    expect(after.get('src/tools/index.gen.ts')).toBe(before.get('src/tools/index.gen.ts'));
  });

  it('one removed: its line goes from its part; no other part changes', async () => {
    const before = await generate('base', BASE);
    const after = await generate('removed', BASE.filter((op) => op.id !== 'op300'));
    expect(changedParts(before, after)).toEqual(OWN_PART);
    const data = changedLines(before.get('data/tools/part-op266.json')!, after.get('data/tools/part-op266.json')!);
    expect(data.removed).toEqual([expect.stringContaining('"name":"op300"')]);
    expect(data.added).toEqual([]);
  });

  it("one summary edited: that tool's line of the tool data, its doc comments in the client types", async () => {
    const before = await generate('base', BASE);
    const after = await generate('edited', BASE.map((op) => (op.id === 'op300' ? { ...op, summary: 'Get one item' } : op)));
    expect(changedParts(before, after)).toEqual(['data/tools/part-op266.json']);
    const data = changedLines(before.get('data/tools/part-op266.json')!, after.get('data/tools/part-op266.json')!);
    expect(data.removed).toEqual([expect.stringContaining('"name":"op300"')]);
    expect(data.added).toEqual([expect.stringContaining('"title":"Get one item"')]);
  });

  it("one path renamed: that tool's line only", async () => {
    const before = await generate('base', BASE);
    const after = await generate('renamed', BASE.map((op) => (op.id === 'op300' ? { ...op, path: '/items/op300-renamed' } : op)));
    expect(changedParts(before, after)).toEqual(['data/tools/part-op266.json']);
    const data = changedLines(before.get('data/tools/part-op266.json')!, after.get('data/tools/part-op266.json')!);
    expect(data.removed).toEqual([expect.stringContaining('"path":"/items/op300"')]);
    expect(data.added).toEqual([expect.stringContaining('"path":"/items/op300-renamed"')]);
  });

  it("a client-only package's definitions: the same parts, one changed when a tool is added", async () => {
    const before = await generate('base', BASE, true);
    const after = await generate('added', [...BASE.slice(0, at('op300')), { id: 'op299b', path: '/items/op299b', summary: 'Get item op299b' }, ...BASE.slice(at('op300'))], true);
    expect([...before.keys()].filter((p) => p.startsWith('src/client/definitions/')).sort()).toEqual(['first', 'op266', 'op345'].map((p) => `src/client/definitions/part-${p}.gen.ts`));
    expect(changedParts(before, after)).toEqual(['src/client/definitions/part-op266.gen.ts', 'src/client/types/part-op266.gen.ts']);
  });
});
