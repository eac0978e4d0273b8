import SearchableMap from 'minisearch/SearchableMap';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureTools } from '../../bench/lib/search-quality.mjs';
import { scanTokens } from '../../src/emit/search-index-scan.js';
import { treeOrder } from '../../templates/runtime/search-tree-order.gen.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { buildCatalog, searchDocuments } from '../../templates/runtime/search-core.gen.js';
import { indexTermOf, termNormalizer, tokenize, DEFAULT_TERMS } from '../../templates/runtime/search-terms.gen.js';

/** scanTokens and treeOrder stand for tokenize and SearchableMap's order in search-index-json.ts: they must give the same. */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** A small deterministic generator (the test must not depend on a seed it does not print). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The order SearchableMap iterates `terms` in, inserted in turn. */
function mapOrder(terms: readonly string[]): string[] {
  const map = new SearchableMap<number>();
  terms.forEach((term, i) => map.set(term, i));
  return [...map.keys()];
}

describe('scanTokens', () => {
  it.each([
    '', ' ', 'a', 'getRepoURL_v2', 'URLParser', 'URLs', 'listPRsFor', 'IDs2', 'ABsCDs', 'HTTPSsl', 'ABCDef', 'ABcDEf', 'aBcD', 'xYZ', 'a1b2C3', '12abc34', 'HTTP2Server',
    'naïve "quoted" back\\slash', 'tab\there zero 0 10 2', 'ÀBc dÉf', '😀ab😀Cd', 'A', 'AB', 'ABc', 'aB', 'a-B_c.D',
  ])('%j as tokenize', (text) => {
    expect(scanTokens(text)).toEqual(tokenize(text));
  });

  it('random texts as tokenize', () => {
    const next = random(9);
    const alphabet = ['a', 'b', 's', 'z', 'A', 'B', 'Z', '0', '9', ' ', '-', '_', 'é', 'É', '\n', '😀', '`', '{', '@', '['];
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = Math.floor(next() * 16);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(scanTokens(text), JSON.stringify(text)).toEqual(tokenize(text));
    }
  });
});

describe('treeOrder', () => {
  it.each([
    { name: 'none', terms: [] },
    { name: 'one', terms: ['repo'] },
    { name: 'prefixes both ways', terms: ['abc', 'ab', 'a', 'abcd', 'abd', 'b', 'abce'] },
    { name: 'splits', terms: ['romane', 'romanus', 'romulus', 'rubens', 'ruber', 'rubicon', 'rubicundus', 'rom', 'r'] },
    { name: 'an empty term', terms: ['x', '', 'xy'] },
  ])('$name as SearchableMap', ({ terms }) => {
    expect(treeOrder(terms).map((i) => terms[i])).toEqual(mapOrder(terms));
  });

  it('random terms as SearchableMap', () => {
    const next = random(4);
    for (let n = 0; n < 300; n++) {
      const terms = new Set<string>();
      const count = Math.floor(next() * 60);
      while (terms.size < count) {
        let term = '';
        const length = 1 + Math.floor(next() * 6);
        for (let i = 0; i < length; i++) term += 'abcé'[Math.floor(next() * 4)];
        terms.add(term);
      }
      const list = [...terms];
      expect(treeOrder(list).map((i) => list[i])).toEqual(mapOrder(list));
    }
  });
});

describe.each(SEARCH_SETS.filter((set) => !set.heldOut))('on the texts of $name', (set) => {
  it('scanTokens as tokenize on every field; treeOrder as SearchableMap on the terms', async () => {
    const tools = await fixtureTools<Tool>(root, set, { loadSpec, normalizeSpec, mapToTools });
    const documents = searchDocuments(tools, buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default'));
    const indexTerm = indexTermOf(termNormalizer(DEFAULT_TERMS));
    const terms = new Set<string>();
    for (const document of documents) {
      for (const value of Object.values(document)) {
        const text = String(value);
        const tokens = tokenize(text);
        expect(scanTokens(text)).toEqual(tokens);
        for (const token of tokens) {
          const term = indexTerm(token);
          if (term !== null) terms.add(term);
        }
      }
    }
    const list = [...terms];
    expect(treeOrder(list).map((i) => list[i])).toEqual(mapOrder(list));
  }, 60_000);
});
