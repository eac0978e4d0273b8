/**
 * Tool search, shared by the generator and the generated server: the generator builds the
 * MiniSearch index and stores it in the package's data (data/tools/search-index.json); the server
 * loads it at start and answers `search_tools` with it (dynamic-tools.gen.ts). Both sides must
 * process terms identically, so both run this file and the four it imports (search-terms.gen.ts,
 * search-intent.gen.ts, search-catalog.gen.ts, whose API it re-exports, and the stored index's
 * format, search-index-store.gen.ts): these in
 * templates/runtime are the source, copied into every generated package and, by the build, into
 * src/emit for the generator (scripts/copy-shared-runtime.mjs). They import nothing but MiniSearch
 * and each other.
 *
 * What is indexed per tool: its name, its headline (the title, else the summary's first sentence),
 * the first paragraph of its description (summary) and the rest, the toolset, the words of its path
 * and operationId, its argument names, the values of its arguments' short enums (`state`: open,
 * closed, all: "list open PRs"), and its actions (search-intent.ts). How a query ranks tools,
 * each step measured on the query sets in test/fixtures/search (bench/search-quality.mjs):
 * 1. each query word scores BM25 over the fields (its synonyms count at {@link SYNONYM_WEIGHT});
 *    a word that splits into several terms (`GitHub`) counts once, context words (`… for a repo`) less;
 * 2. the sum is scaled by the share of the query's words the tool matches;
 * 3. tools whose action fits the query's intent (`delete …` → delete, `fork a …` → create), or
 *    whose name and headline start with the query's first word (`request reviewers …` →
 *    `pulls_request-reviewers`), gain up to {@link INTENT_WEIGHT}; deprecated ones lose;
 * 4. the best {@link RERANKED} are scaled by how much of their headline the query covers, so
 *    `Create an issue` beats `Add sub-issue` for "open a new issue".
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { headlineOf, type SearchableTool, type ToolCatalogData } from './search-catalog.gen.js';
import { loadStoredIndexAsync } from './search-index-store.gen.js';
import { ACTIONS, actionsOf, fitOf, intentOf, ownVerbOf, queryVerb, type Action } from './search-intent.gen.js';
import { DEFAULT_TERMS, indexTermOf, queryWords, synonymTable, termNormalizer, termsOf, tokenize, type TermOptions } from './search-terms.gen.js';

export {
  SUMMARY_MAX,
  buildCatalog,
  catalogTool,
  headlineOf,
  summaryOf,
  toolsetLine,
  toolsetLineJson,
  type CatalogTool,
  type SearchableTool,
  type ToolCatalogData,
  type ToolsetInfo,
} from './search-catalog.gen.js';
export { DEFAULT_TERMS, stem, tokenize, type TermOptions } from './search-terms.gen.js';

/** How much a synonym counts against the word the query used. */
const SYNONYM_WEIGHT = 0.5;
/** How much a word after `of`, `for`, `in` … counts: it names where, not what. */
const CONTEXT_WEIGHT = 0.7;
/** A tool whose action fits the query's intent exactly scores this much more (1 + 0.6). */
const INTENT_WEIGHT = 0.6;
/** A deprecated tool's score is multiplied by this. */
const DEPRECATED_WEIGHT = 0.7;
/** A tool whose headline the query covers entirely scores this much more (1 + 1.5). */
const HEADLINE_WEIGHT = 1.5;
/** How many of the best tools the headline step reorders (more than search_tools' limit of 50). */
const RERANKED = 100;
/** How many terms' scores a search keeps between queries. */
const TERMS_CACHED = 256;
/**
 * A query is read up to this many characters (cut after its last whole word there): a task fits in
 * far fewer, and the search's time grows with the query (800 KB of distinct words took 1.1 s on
 * GitHub's index), so a huge one would hold the server for seconds.
 */
export const MAX_QUERY_CHARACTERS = 1000;
/**
 * An enum with at most this many values names states or kinds a user asks for (`open`, `closed`);
 * a longer one is a catalog (Stripe's 250 event types), whose values would match most queries.
 */
const ENUM_MAX = 20;

const FIELDS = ['name', 'title', 'summary', 'details', 'toolset', 'path', 'params', 'values', 'verb'];

/** The MiniSearch options: the same ones must be used when building and when loading an index. */
export function indexOptions(terms: TermOptions = DEFAULT_TERMS): Options {
  const indexTerm = indexTermOf(termNormalizer(terms));
  const search: SearchOptions = {
    boost: { name: 0.5, title: 4, summary: 1, details: 0.4, toolset: 0.5, path: 1, params: 0.6, values: 0.3, verb: 2 },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
    processTerm: indexTerm,
    weights: { fuzzy: 0.3, prefix: 0.5 },
    // Length normalization stronger than MiniSearch's default (b 0.7): short titles name the task.
    bm25: { k: 2, b: 0.9, d: 0.5 },
  };
  return { idField: 'id', fields: FIELDS, storeFields: [], tokenize, processTerm: indexTerm, searchOptions: search };
}

/** Tool positions best match first; `allowed` limits them (selection, toolset). */
export type Search = (query: string, limit: number, allowed?: (position: number) => boolean) => number[];

/** Search over `index` (built or loaded with the same `terms`) of the tools of `catalog`. */
export function createSearch(index: MiniSearch, catalog: ToolCatalogData, terms: TermOptions = DEFAULT_TERMS): Search {
  const normalize = termNormalizer(terms);
  const synonyms = synonymTable(terms, normalize);
  const exact = { fields: ['verb'], prefix: false, fuzzy: false };
  let actions: Map<number, Action[]> | undefined;
  let deprecated: Set<number> | undefined;
  const headlines = new Map<number, Set<string>>();
  // The word each tool is named for (ownVerbOf), computed when a query first needs it.
  const ownVerbs = new Map<number, string>();
  const ownVerb = (id: number): string => {
    let found = ownVerbs.get(id);
    if (found === undefined) {
      const tool = catalog.tools[id]!;
      ownVerbs.set(id, (found = ownVerbOf(tool.name, headlineOf(tool), catalog.toolsets[tool.toolset]!.name)));
    }
    return found;
  };
  const headlineTerms = (id: number): Set<string> => {
    let found = headlines.get(id);
    if (found === undefined) headlines.set(id, (found = termsOf(headlineOf(catalog.tools[id]!), normalize)));
    return found;
  };
  // A term's score per tool: its own BM25, or its synonyms' (their mean) at SYNONYM_WEIGHT. The last
  // TERMS_CACHED terms' scores are kept: a session's queries share most of their words.
  const scores = new Map<string, Map<number, number>>();
  const scoreOf = (term: string): Map<number, number> => {
    let best = scores.get(term);
    if (best !== undefined) {
      scores.delete(term);
      scores.set(term, best);
      return best;
    }
    best = new Map();
    for (const hit of index.search(term, { processTerm: (t) => t })) best.set(hit.id as number, hit.score);
    const others = (synonyms.get(term) ?? []).filter((t) => t !== term);
    if (others.length > 0) {
      for (const hit of index.search(others.join(' '), { processTerm: (t) => t })) {
        const id = hit.id as number;
        // MiniSearch multiplies a hit's score by the number of its matched terms: undo it, then average.
        const score = (SYNONYM_WEIGHT * hit.score) / hit.queryTerms.length ** 2;
        if (score > (best.get(id) ?? 0)) best.set(id, score);
      }
    }
    scores.set(term, best);
    if (scores.size > TERMS_CACHED) scores.delete(scores.keys().next().value!);
    return best;
  };
  return (whole, limit, allowed) => {
    const query = boundedQuery(whole);
    const words = queryWords(query, normalize);
    const total = new Map<number, number>();
    const matched = new Map<number, number>();
    for (const word of words) {
      const sum = new Map<number, number>();
      for (const term of word.terms) for (const [id, score] of scoreOf(term)) sum.set(id, (sum.get(id) ?? 0) + score);
      const weight = (word.context ? CONTEXT_WEIGHT : 1) / word.terms.length;
      for (const [id, score] of sum) {
        if (allowed !== undefined && !allowed(id)) continue;
        total.set(id, (total.get(id) ?? 0) + score * weight);
        matched.set(id, (matched.get(id) ?? 0) + 1);
      }
    }
    if (actions === undefined) {
      actions = new Map();
      for (const action of ACTIONS) for (const hit of index.search(action, exact)) actions.set(hit.id as number, [...(actions.get(hit.id as number) ?? []), action]);
      deprecated = new Set(index.search('deprecated', exact).map((hit) => hit.id as number));
    }
    const intent = intentOf(query);
    const verb = queryVerb(query);
    const ranked = [...total].map(([id, score]): [number, number] => {
      const fit = 1 + INTENT_WEIGHT * (verb !== '' && ownVerb(id) === verb ? 1 : fitOf(intent, actions!.get(id) ?? []));
      return [id, (score * fit * (deprecated!.has(id) ? DEPRECATED_WEIGHT : 1) * matched.get(id)!) / words.length];
    });
    const order = (a: [number, number], b: [number, number]): number => b[1] - a[1] || a[0] - b[0];
    ranked.sort(order);
    const wanted = new Set(words.flatMap((word) => word.terms.flatMap((term) => synonyms.get(term) ?? [term])));
    const reranked = ranked.slice(0, RERANKED).map(([id, score]): [number, number] => {
      const headline = headlineTerms(id);
      let covered = 0;
      for (const term of headline) if (wanted.has(term)) covered += 1;
      return [id, score * (1 + (HEADLINE_WEIGHT * covered) / Math.max(1, headline.size))];
    });
    return reranked.sort(order).slice(0, limit).map(([id]) => id);
  };
}

/** What the index holds of one tool: its searchable texts, by field. */
/** `query` up to {@link MAX_QUERY_CHARACTERS}, without the word cut there. */
export function boundedQuery(query: string): string {
  if (query.length <= MAX_QUERY_CHARACTERS) return query;
  let end = MAX_QUERY_CHARACTERS;
  while (end > 0 && /[A-Za-z0-9]/.test(query[end]!)) end--; // back to the space or sign before the word cut
  return query.slice(0, end);
}

export interface SearchDocument {
  readonly id: number;
  readonly name: string;
  readonly title: string;
  readonly summary: string;
  readonly details: string;
  readonly toolset: string;
  readonly path: string;
  readonly params: string;
  readonly values: string;
  readonly verb: string;
}

/** The documents of `tools`, document id = position; `catalog` is {@link buildCatalog}'s result for them. */
export function searchDocuments(tools: readonly SearchableTool[], catalog: ToolCatalogData): SearchDocument[] {
  return tools.map((tool, id) => {
    const { definition, binding } = tool;
    const entry = catalog.tools[id]!;
    const headline = headlineOf(entry);
    const toolset = catalog.toolsets[entry.toolset]!.name;
    const properties = definition.inputSchema.properties;
    const actions = actionsOf(definition.name, headline, toolset, binding.method ?? '', binding.path ?? '');
    return {
      id,
      name: definition.name,
      title: headline,
      summary: entry.summary,
      details: definition.description.length > entry.summary.length ? definition.description : '',
      toolset,
      path: `${binding.path ?? ''} ${binding.operationId ?? ''}`,
      params: typeof properties === 'object' && properties !== null ? Object.keys(properties).join(' ') : '',
      values: typeof properties === 'object' && properties !== null ? enumValues(properties as Record<string, unknown>) : '',
      verb: [...actions, ...(/^deprecated\b/i.test(definition.description) ? ['deprecated'] : [])].join(' '),
    };
  });
}

/** The index of {@link searchDocuments}. */
export function indexDocuments(documents: readonly SearchDocument[], terms: TermOptions = DEFAULT_TERMS): MiniSearch {
  const index = new MiniSearch(indexOptions(terms));
  index.addAll(documents);
  return index;
}

/** The index over `tools`, document id = position; `catalog` is {@link buildCatalog}'s result for them. */
export function buildSearchIndex(tools: readonly SearchableTool[], catalog: ToolCatalogData, terms: TermOptions = DEFAULT_TERMS): MiniSearch {
  return indexDocuments(searchDocuments(tools, catalog), terms);
}

/** The index a package stores (data/tools/search-index.json, search-index-store.gen.ts), yielding to the event loop while it is built. */
export function loadStoredSearchIndexAsync(text: string, terms: TermOptions = DEFAULT_TERMS): Promise<MiniSearch> {
  return loadStoredIndexAsync(text, indexOptions(terms));
}

/**
 * The distinct string values of the arguments' short enums (`state`: open closed all). Only an
 * argument's own enum: an array's item enum lists fields to pick (Microsoft Graph's `$select`,
 * `$orderby`: 0.45 MB of property names), not a state a user asks for.
 */
function enumValues(properties: Readonly<Record<string, unknown>>): string {
  const values = new Set<string>();
  for (const schema of Object.values(properties)) {
    const list = typeof schema === 'object' && schema !== null ? (schema as { enum?: unknown }).enum : undefined;
    if (Array.isArray(list) && list.length <= ENUM_MAX) for (const value of list) if (typeof value === 'string') values.add(value);
  }
  return [...values].join(' ');
}
