// Search quality of the tool index (search_tools in dynamic mode): recall@1, recall@5 and MRR over
// query sets of user-phrased tasks (test/fixtures/search/*.queries.json) against cut-down copies of
// big specs (test/fixtures/search/*.json.gz, made by scripts/reduce-spec-for-search.mjs). Used by
// bench/search-quality.mjs (numbers) and test/emit/search-quality.test.ts (floors).
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The query sets: spec fixture and queries, relative to the repository root. */
export const SEARCH_SETS = [
  { name: 'GitHub REST', spec: 'test/fixtures/search/github.json.gz', queries: 'test/fixtures/search/github.queries.json' },
  // Written before the ranking was tuned on the set above and never tuned on: it shows whether a
  // gain on the tuned set carries over to tasks the tuning has not seen (`--misses` does not list its misses).
  { name: 'GitHub held-out', spec: 'test/fixtures/search/github.json.gz', queries: 'test/fixtures/search/github.heldout.queries.json', heldOut: true },
  { name: 'Stripe', spec: 'test/fixtures/search/stripe.json.gz', queries: 'test/fixtures/search/stripe.queries.json' },
  { name: 'Kubernetes', spec: 'test/fixtures/search/kubernetes.json.gz', queries: 'test/fixtures/search/kubernetes.queries.json' },
];

/** The tools of a fixture through the real pipeline (`pipeline`: loadSpec, normalizeSpec, mapToTools). */
export async function fixtureTools(root, set, pipeline) {
  return (await fixtureModel(root, set, pipeline)).tools;
}

/** The ToolModel of a fixture (tools and toolset descriptions). */
export async function fixtureModel(root, set, pipeline) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-mcp-search-'));
  try {
    const file = path.join(dir, 'spec.json');
    writeFileSync(file, gunzipSync(readFileSync(path.join(root, set.spec))));
    const loaded = await pipeline.loadSpec(file);
    return pipeline.mapToTools(pipeline.normalizeSpec(loaded));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readQueries(root, set) {
  return JSON.parse(readFileSync(path.join(root, set.queries), 'utf8'));
}

/**
 * `search(query)` gives tool names best first. A query counts as found at rank r when any of its
 * wanted names is the r-th result; MRR averages 1/r (0 when not in the first 10).
 */
export function measureSearch(queries, search) {
  let top1 = 0;
  let top5 = 0;
  let reciprocal = 0;
  const misses = [];
  for (const { query, want } of queries) {
    const names = search(query).slice(0, 10);
    const rank = names.findIndex((name) => want.includes(name)) + 1;
    if (rank === 1) top1 += 1;
    if (rank >= 1 && rank <= 5) top5 += 1;
    if (rank >= 1) reciprocal += 1 / rank;
    if (rank !== 1) misses.push({ query, want, got: names.slice(0, 3), rank });
  }
  const n = queries.length;
  return { queries: n, recall1: top1 / n, recall5: top5 / n, mrr: reciprocal / n, misses };
}
