import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureTools } from '../../bench/lib/search-quality.mjs';
import { searchIndexJson } from '../../src/emit/search-index-json.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { buildCatalog, buildSearchIndex, indexDocuments, type SearchDocument } from '../../templates/runtime/search-core.gen.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('searchIndexJson writes what JSON.stringify(index) writes', () => {
  it.each(SEARCH_SETS.filter((set) => !set.name.includes('held-out')))('$name', async (set) => {
    const tools = await fixtureTools<Tool>(root, set, { loadSpec, normalizeSpec, mapToTools });
    const index = buildSearchIndex(tools, buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default'));
    expect(searchIndexJson(index)).toBe(JSON.stringify(index));
  }, 60_000);

  const doc = (id: number, text: string): SearchDocument => ({ id, name: text, title: text, summary: text, details: '', toolset: 'x', path: '', params: '', verb: '' });

  it('terms that need escaping, and an empty index', () => {
    const index = indexDocuments([doc(0, 'naïve "quoted" back\\slash'), doc(1, 'tab\there zero 0 10 2')]);
    expect(searchIndexJson(index)).toBe(JSON.stringify(index));
    expect(searchIndexJson(indexDocuments([]))).toBe(JSON.stringify(indexDocuments([])));
  });
});
