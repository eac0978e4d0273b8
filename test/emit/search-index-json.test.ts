import MiniSearch from 'minisearch';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureTools, readQueries } from '../../bench/lib/search-quality.mjs';
import { searchIndexJson } from '../../src/emit/search-index-json.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { buildCatalog, createSearch, DEFAULT_TERMS, indexDocuments, indexOptions, loadStoredSearchIndexAsync, searchDocuments, type SearchDocument } from '../../templates/runtime/search-core.gen.js';
import { loadStoredIndex, STORED_INDEX_FORMAT } from '../../templates/runtime/search-index-store.gen.js';

/**
 * searchIndexJson writes the index in the package's own format (search-index-store.gen.ts), without
 * MiniSearch's `add`: the server must load it into the index MiniSearch's own JSON of the same
 * documents loads into (as servers did before), and MiniSearch's build of those documents. Its
 * version is pinned in package.json; these fail if a new one builds or loads the index otherwise.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a loaded or built MiniSearch holds (its private fields), the terms in the tree's order. */
function stateOf(index: MiniSearch) {
  const { _index, _documentCount, _nextId, _documentIds, _idToShortId, _fieldIds, _fieldLength, _avgFieldLength, _storedFields, _dirtCount } = index as unknown as Record<string, Iterable<unknown>>;
  return { index: [..._index!], _documentCount, _nextId, _documentIds, _idToShortId, _fieldIds, _fieldLength, _avgFieldLength, _storedFields, _dirtCount };
}

/** The stored index of `documents` loaded as the server loads it, and MiniSearch's own JSON of them loaded. */
function loadedBoth(documents: readonly SearchDocument[], terms = DEFAULT_TERMS): { loaded: MiniSearch; reference: MiniSearch; built: MiniSearch } {
  const built = indexDocuments(documents, terms);
  return { loaded: loadStoredIndex(searchIndexJson(documents, terms), indexOptions(terms)), reference: MiniSearch.loadJSON(JSON.stringify(built), indexOptions(terms)), built };
}

describe.each(SEARCH_SETS.filter((set) => !set.heldOut))('searchIndexJson on $name', (set) => {
  it("loads into the index MiniSearch's own JSON loads into, and the one it builds; finds the same", async () => {
    const tools = await fixtureTools<Tool>(root, set, { loadSpec, normalizeSpec, mapToTools });
    const catalog = buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default');
    const documents = searchDocuments(tools, catalog);
    const { loaded, reference, built } = loadedBoth(documents);
    // the same async (as the server loads it)
    expect(stateOf(await loadStoredSearchIndexAsync(searchIndexJson(documents)))).toEqual(stateOf(loaded));

    // Loaded from this file, from MiniSearch's own, and as MiniSearch built it: the same counts and
    // postings, the first two in the same tree order (stateOf's index lists it). The built tree iterates in another order.
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
    const { loaded, reference } = loadedBoth(given);
    expect(stateOf(loaded)).toEqual(stateOf(reference));
  });
  it('the other term options', () => {
    const given = [doc(0, 'Listing repos of users'), doc(1, 'delete a repository')];
    for (const terms of [{ stem: false, synonyms: true }, { stem: true, synonyms: false }]) {
      const { loaded, reference } = loadedBoth(given, terms);
      expect(stateOf(loaded)).toEqual(stateOf(reference));
    }
  });
  it('one line per document: its field lengths, then per field its terms (`term*count` when counted more than once)', () => {
    const text = searchIndexJson([doc(0, 'Users users', 'user x'), doc(1, 'Get a user')]);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`{"format":"${STORED_INDEX_FORMAT}","fields":["name","title","summary","details","toolset","path","params","values","verb"],"documents":[`);
    expect(lines.slice(1)).toEqual(['[[2,2,2,2,1,0,0,0,0],"user*2","user*2","user*2","user","","","","",""],', '[[3,3,3,0,1,0,0,0,0],"get user","get user","get user","","","","","",""]', ']}']);
  });
  it('a server refuses an index of another format or other fields, saying to regenerate', () => {
    const text = searchIndexJson([doc(0, 'a repo')]);
    expect(() => loadStoredIndex(text.replace(STORED_INDEX_FORMAT, 'openapi-mcp-search-index-0'), indexOptions())).toThrow('data/tools/search-index.json is not a openapi-mcp-search-index-1 index of the fields name, title, summary, details, toolset, path, params, values, verb: regenerate the package');
    expect(() => loadStoredIndex(text.replace('"verb"', '"verbs"'), indexOptions())).toThrow('regenerate the package');
    // MiniSearch's own JSON is not the stored format either
    expect(() => loadStoredIndex(JSON.stringify(indexDocuments([doc(0, 'a repo')])), indexOptions())).toThrow('regenerate the package');
  });
});
