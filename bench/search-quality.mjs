#!/usr/bin/env node
// Search quality of search_tools (dynamic mode), part of `npm run bench`: recall@1, recall@5 and
// MRR per query set, with the stored index's term processing (stemming + synonyms) and without
// each, measured in the same run on the index as a package stores it (written by
// src/emit/search-index-json.ts, loaded as the server loads it). Needs dist/ (npm run build).
// `--misses` lists the misses of the tuned sets (not of the held-out one, which the ranking is
// never tuned on).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_SETS, fixtureTools, measureSearch, readQueries } from './lib/search-quality.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pipeline = await import(new URL('../dist/index.js', import.meta.url).href);
const core = await import(new URL('../dist/shared/search-core.gen.js', import.meta.url).href);
const { searchIndexJson } = await import(new URL('../dist/emit/search-index-json.js', import.meta.url).href);
const { loadStoredIndex } = await import(new URL('../dist/shared/search-index-store.gen.js', import.meta.url).href);
const showMisses = process.argv.includes('--misses');

const VARIANTS = [
  { name: 'stem+synonyms (stored)', terms: { stem: true, synonyms: true } },
  { name: 'stem only', terms: { stem: true, synonyms: false } },
  { name: 'synonyms only', terms: { stem: false, synonyms: true } },
  { name: 'neither', terms: { stem: false, synonyms: false } },
];

const pct = (x) => `${(x * 100).toFixed(1)}%`.padStart(6);
console.log('search_tools quality (user-phrased tasks; recall@k: a wanted tool in the first k results)');
console.log(`${'spec'.padEnd(15)} ${'terms'.padEnd(24)} queries  recall@1  recall@5    MRR`);
for (const set of SEARCH_SETS) {
  const tools = await fixtureTools(root, set, pipeline);
  const catalog = core.buildCatalog(tools, (i) => tools[i].toolset ?? 'default');
  const queries = readQueries(root, set);
  for (const variant of VARIANTS) {
    const json = searchIndexJson(core.searchDocuments(tools, catalog), variant.terms);
    const index = loadStoredIndex(json, core.indexOptions(variant.terms));
    const search = core.createSearch(index, catalog, variant.terms);
    const result = measureSearch(queries, (q) => search(q, 10).map((i) => catalog.tools[i].name));
    console.log(`${set.name.padEnd(15)} ${variant.name.padEnd(24)} ${String(result.queries).padStart(7)}  ${pct(result.recall1)}    ${pct(result.recall5)}  ${result.mrr.toFixed(3)}`);
    if (showMisses && variant === VARIANTS[0] && !set.heldOut) for (const m of result.misses) console.log(`    miss r=${m.rank} "${m.query}" want ${m.want[0]} got ${m.got.join(', ')}`);
  }
}
