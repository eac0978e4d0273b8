import type MiniSearch from 'minisearch';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureTools, readQueries } from '../../bench/lib/search-quality.mjs';
import { searchIndexJson } from '../../src/emit/search-index-json.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { buildCatalog, createSearch, indexDocuments, loadSearchIndex, searchDocuments, type SearchDocument } from '../../templates/runtime/search-core.gen.js';

/**
 * searchIndexJson writes the index without MiniSearch's `add`: what it writes must be what
 * MiniSearch writes for the same documents, and load into the same index. MiniSearch's version is
 * pinned in package.json; these fail if a new one stores or loads the index otherwise.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a loaded or built MiniSearch holds (its private fields), the terms in the tree's order. */
function stateOf(index: MiniSearch) {
  const { _index, _documentCount, _nextId, _documentIds, _idToShortId, _fieldIds, _fieldLength, _avgFieldLength, _storedFields, _dirtCount } = index as unknown as Record<string, Iterable<unknown>>;
  return { index: [..._index!], _documentCount, _nextId, _documentIds, _idToShortId, _fieldIds, _fieldLength, _avgFieldLength, _storedFields, _dirtCount };
}

describe.each(SEARCH_SETS.filter((set) => !set.heldOut))('searchIndexJson on $name', (set) => {
  it('writes what JSON.stringify(index) writes; loads into the index MiniSearch builds; finds the same', async () => {
    const tools = await fixtureTools<Tool>(root, set, { loadSpec, normalizeSpec, mapToTools });
    const catalog = buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default');
    const documents = searchDocuments(tools, catalog);
    const built = indexDocuments(documents);
    const json = searchIndexJson(documents);
    expect(json).toBe(JSON.stringify(built));

    // Loaded from this file, from MiniSearch's own, and as MiniSearch built it: the same counts and
    // postings. The tree is rebuilt from the file, so the built one is compared without its order.
    const loaded = loadSearchIndex(json);
    const reference = loadSearchIndex(JSON.stringify(built));
    expect(stateOf(loaded)).toEqual(stateOf(reference));
    const { index, ...counts } = stateOf(loaded);
    const { index: builtIndex, ...builtCounts } = stateOf(built);
    expect(counts).toEqual(builtCounts);
    expect(new Map(index as [string, unknown][])).toEqual(new Map(builtIndex as [string, unknown][]));

    // Searches: the same hits and scores as the server found with MiniSearch's file, and as the built
    // index (its scores can differ in the last bit: its tree iterates in another order, so sums do too).
    const queries: string[] = [...readQueries(root, set).map((q: { query: string }) => q.query), 'repos', 'list', 'delete', 'xyzzy'];
    const hits = (index: MiniSearch, query: string) => index.search(query).map((hit): [number, number] => [hit.id as number, hit.score]);
    const byId = (found: [number, number][]) => found.sort((a, b) => a[0] - b[0]);
    for (const query of queries) {
      expect(hits(loaded, query), query).toEqual(hits(reference, query));
      const fromBuilt = byId(hits(built, query));
      const fromLoaded = byId(hits(loaded, query));
      expect(fromLoaded.map(([id]) => id), query).toEqual(fromBuilt.map(([id]) => id));
      fromLoaded.forEach(([, score], i) => expect(score).toBeCloseTo(fromBuilt[i]![1], 9));
    }
    const search = createSearch(loaded, catalog);
    const referenceSearch = createSearch(reference, catalog);
    for (const query of queries) expect(search(query, 50), query).toEqual(referenceSearch(query, 50));
  }, 60_000);
});

describe('searchIndexJson on small documents', () => {
  const doc = (id: number, text: string, details = ''): SearchDocument => ({ id, name: text, title: text, summary: text, details, toolset: 'x', path: '', params: '', values: '', verb: '' });
  it.each([
    { name: 'terms that need escaping', given: [doc(0, 'naïve "quoted" back\\slash'), doc(1, 'tab\there zero 0 10 2')] },
    { name: 'repeated tokens, tokens that become one term, stop words', given: [doc(0, 'repo Repos repository the a', 'repo repo x y'), doc(1, 'Repos of the repos'), doc(2, '')] },
    { name: 'an empty index', given: [] },
  ])('$name', ({ given }) => {
    expect(searchIndexJson(given)).toBe(JSON.stringify(indexDocuments(given)));
  });
  it('the other term options', () => {
    const given = [doc(0, 'Listing repos of users'), doc(1, 'delete a repository')];
    for (const terms of [{ stem: false, synonyms: true }, { stem: true, synonyms: false }]) expect(searchIndexJson(given, terms)).toBe(JSON.stringify(indexDocuments(given, terms)));
  });
});
