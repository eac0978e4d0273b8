import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';
import { indexOptions } from '../../templates/runtime/search-core.gen.js';
import { loadStoredIndex } from '../../templates/runtime/search-index-store.gen.js';

/**
 * data/tools/search-index.json holds one line per tool that depends on that tool alone: a
 * regenerated package's diff shows the line of the tool that was added, removed or edited, not
 * the whole index (MiniSearch's own JSON: one line, postings keyed by position).
 */

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-search-lines-'));

/** GET operations by path, each with the summary given. */
function spec(name: string, summaries: Record<string, string>): string {
  const paths = Object.fromEntries(
    Object.entries(summaries).map(([path, summary]) => [path, { get: { operationId: `get${path.replaceAll('/', '_')}`, summary, tags: ['things'], responses: { 200: { description: 'ok' } } } }]),
  );
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Lines', version: '1' }, servers: [{ url: 'https://lines.test' }], paths }));
  return file;
}

async function indexText(file: string): Promise<string> {
  const { tools } = await mapSpec(file);
  return emitPackage(tools, { packageName: 'lines-mcp' }).files.find((f) => f.path === 'data/tools/search-index.json')!.contents;
}

/** The lines only `before` has and the lines only `after` has (each tool's line names it: they are unique). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [before.split('\n'), after.split('\n')];
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

const BASE = { '/apples': 'List apples', '/bananas': 'Peel bananas', '/cherries': 'Pick cherries', '/dates': 'Dry dates', '/elderberries': 'Press elderberries' };

describe('search-index.json when one operation changes', () => {
  it('one added in the middle: its line is added, nothing else changes', async () => {
    const before = await indexText(spec('before', BASE));
    const { '/dates': dates, '/elderberries': elderberries, ...first } = BASE;
    const after = await indexText(spec('added', { ...first, '/coconuts': 'Crack coconuts', '/dates': dates, '/elderberries': elderberries }));
    const { removed, added } = changedLines(before, after);
    expect(after.split('\n')).toHaveLength(before.split('\n').length + 1);
    expect(removed).toEqual([]);
    expect(added).toEqual([expect.stringMatching(/"crack coconut"/)]);
  });

  it('one removed: its line goes, nothing else changes', async () => {
    const before = await indexText(spec('before', BASE));
    const { '/bananas': _, ...rest } = BASE;
    const { removed, added } = changedLines(before, await indexText(spec('removed', rest)));
    expect(removed).toEqual([expect.stringMatching(/"peel banana"/)]);
    expect(added).toEqual([]);
  });

  it("one summary edited: that tool's line only", async () => {
    const before = await indexText(spec('before', BASE));
    const { removed, added } = changedLines(before, await indexText(spec('edited', { ...BASE, '/cherries': 'Pick ripe cherries' })));
    expect(removed).toEqual([expect.stringMatching(/"pick cherri"/)]);
    expect(added).toEqual([expect.stringMatching(/"pick rip cherri"/)]);
  });

  it('loads, and is the same bytes when generated twice', async () => {
    const file = spec('twice', BASE);
    const text = await indexText(file);
    expect(text).toBe(await indexText(file));
    expect(loadStoredIndex(text, indexOptions()).search('ripe cherries')[0]?.id).toBe(2);
  });
});
