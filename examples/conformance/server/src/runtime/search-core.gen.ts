/**
 * Tool search, shared by the generator and the generated server: the generator builds the
 * MiniSearch index and stores it in the package's data (data/tools/search-index.json); the server
 * loads it at start and answers `search_tools` with it (dynamic-tools.gen.ts). Both sides must
 * process terms identically, so this file exists twice, byte for byte: src/emit/search-core.ts
 * (the generator) and templates/runtime/search-core.gen.ts (copied into every generated package);
 * test/emit/search-core.test.ts fails when they differ. It imports nothing but MiniSearch.
 *
 * What is indexed per tool: its name, title, the first paragraph of its description (summary) and
 * the rest, the toolset, the words of its path and operationId, and its argument names. Terms are
 * split at case and punctuation boundaries (`listForAuthenticatedUser` → list for authenticated
 * user), lower-cased and reduced by a small English stemmer (repositories/repository → repositori);
 * a query's terms are also expanded with a small synonym table (remove → delete, …). Both measured
 * on the query sets in test/fixtures/search (bench/search-quality.mjs).
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';

/** What search needs of a tool: the generator's Tool and the runtime's ToolEntry both fit. */
export interface SearchableTool {
  readonly definition: {
    readonly name: string;
    readonly title?: string;
    readonly description: string;
    readonly inputSchema: { readonly [keyword: string]: unknown };
    readonly annotations?: { readonly readOnlyHint?: boolean };
  };
  readonly binding: { readonly kind: string; readonly method?: string; readonly path?: string; readonly operationId?: string };
}

export interface ToolsetInfo {
  readonly name: string;
  /** One line (the OpenAPI tag's description), or '' when the spec has none. */
  readonly description: string;
  /** How many tools it holds. */
  readonly tools: number;
}

/** One tool as search results and selection see it, without its schemas. */
export interface CatalogTool {
  readonly name: string;
  readonly title?: string;
  /** The first paragraph of its description, at most {@link SUMMARY_MAX} characters. */
  readonly summary: string;
  /** Index into {@link ToolCatalogData.toolsets}. */
  readonly toolset: number;
  /** `annotations.readOnlyHint === true`. */
  readonly readOnly: boolean;
}

/** data/tools/catalog.json: every tool in tools/list order (the index's ids are positions in it). */
export interface ToolCatalogData {
  readonly toolsets: readonly ToolsetInfo[];
  readonly tools: readonly CatalogTool[];
}

export const SUMMARY_MAX = 300;

const STOP_WORDS = new Set(
  'a an the to of for in on at by with and or from into is are be can could would should will do does how what which who that this these those it its i we our you your please want need some any all via using use'.split(' '),
);

/** What an HTTP method does, in the words a task names it with (indexed as the `verb` field). */
const METHOD_VERBS: Readonly<Record<string, string>> = {
  GET: 'get list read',
  POST: 'create add',
  PUT: 'update replace set',
  PATCH: 'update edit',
  DELETE: 'delete remove',
};

/** Abbreviations: the same term as the word, in the index and in queries (`repos` is `repository`). */
const ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['repo', 'repository'],
  ['pr', 'pull'],
  ['org', 'organization'],
  ['config', 'configuration'],
  ['env', 'environment'],
  ['app', 'application'],
  ['auth', 'authentication'],
  ['admin', 'administrator'],
  ['info', 'information'],
  ['k8s', 'kubernetes'],
];

/** How much a synonym counts against the word the query used. */
const SYNONYM_WEIGHT = 0.35;

/**
 * Words a user says for what the API calls otherwise. A query term expands to its whole group; the
 * index holds only the words the spec uses.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['create', 'add', 'new', 'make', 'open', 'register'],
  ['delete', 'remove', 'destroy', 'erase', 'drop'],
  ['update', 'edit', 'change', 'modify'],
  ['list', 'enumerate', 'browse', 'show', 'every'],
  ['get', 'fetch', 'retrieve', 'read', 'view', 'look', 'see', 'details', 'info', 'information'],
  ['authenticated', 'me', 'my', 'mine', 'myself'],
  ['search', 'find', 'query', 'lookup', 'filter'],
  ['organization', 'company'],
  ['user', 'person', 'account', 'member', 'people'],
  ['comment', 'reply', 'note'],
  ['file', 'document', 'attachment', 'upload'],
  ['message', 'email', 'mail'],
  ['event', 'meeting', 'appointment'],
  ['payment', 'charge', 'pay'],
  ['customer', 'client', 'buyer'],
  ['subscription', 'subscribe', 'plan'],
  ['invoice', 'bill'],
  ['refund', 'reimburse'],
  ['secret', 'credential', 'password'],
  ['key', 'token'],
  ['workflow', 'pipeline', 'action'],
  ['run', 'execution', 'job', 'build'],
  ['star', 'favorite', 'like', 'bookmark'],
  ['team', 'group'],
  ['log', 'logs', 'output'],
  ['namespace', 'project'],
  ['pod', 'container'],
  ['scale', 'resize', 'replicas'],
  ['status', 'state', 'health'],
  ['release', 'version', 'tag'],
  ['webhook', 'hook', 'callback', 'notification'],
];

/** Lower case, then a light English stemmer: plural, -ing, -ed, -ly, -ation and a final e. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ations', 'ation', 'ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      if (/([bdfgklmnprt])\1$/.test(w)) w = w.slice(0, -1); // starred → starr → star
      break;
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Splits at anything but letters and digits, and at case changes: `getRepoURL_v2` → get repo url v 2. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(?=\d)|(\d)(?=[a-zA-Z])/g, '$1$2 ')
    .split(/[^A-Za-z0-9]+/)
    .filter((t) => t !== '');
}

/** How terms are processed; the stored index always uses {@link DEFAULT_TERMS} (the others are for measuring). */
export interface TermOptions {
  readonly stem: boolean;
  readonly synonyms: boolean;
}

export const DEFAULT_TERMS: TermOptions = { stem: true, synonyms: true };

const FIELDS = ['name', 'title', 'summary', 'details', 'toolset', 'path', 'params', 'verb'];

/** The MiniSearch options: the same ones must be used when building and when loading an index. */
export function indexOptions(terms: TermOptions = DEFAULT_TERMS): Options {
  const normalize = termNormalizer(terms);
  const indexTerm = (term: string): string | null => {
    const lower = term.toLowerCase();
    return STOP_WORDS.has(lower) ? null : normalize(lower);
  };
  const search: SearchOptions = {
    boost: { name: 1, title: 4, summary: 2, details: 0.2, toolset: 0.5, path: 1, params: 0.3, verb: 2 },
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
    processTerm: indexTerm,
    weights: { fuzzy: 0.3, prefix: 0.5 },
    // Length normalization stronger than MiniSearch's default (b 0.7): short titles name the task.
    bm25: { k: 1.2, b: 0.9, d: 0.5 },
  };
  return { idField: 'id', fields: FIELDS, storeFields: [], tokenize, processTerm: indexTerm, searchOptions: search };
}

/** Tool positions best match first; `allowed` limits them (selection, toolset). */
export type Search = (query: string, limit: number, allowed?: (position: number) => boolean) => number[];

/**
 * Search over `index` (built or loaded with the same `terms`): the query's own words, OR-ed with
 * their synonyms at {@link SYNONYM_WEIGHT}.
 */
export function createSearch(index: MiniSearch, terms: TermOptions = DEFAULT_TERMS): Search {
  const normalize = termNormalizer(terms);
  const synonyms = terms.synonyms ? synonymTable(normalize) : new Map<string, string[]>();
  return (query, limit, allowed) => {
    const words = tokenize(query).filter((t) => !STOP_WORDS.has(t.toLowerCase()));
    const own = words.map(normalize);
    const extra = [...new Set(own.flatMap((t) => synonyms.get(t) ?? []))].filter((t) => !own.includes(t));
    const options = allowed === undefined ? {} : { filter: (result: { id: unknown }) => allowed(result.id as number) };
    // The query's words go through the index's term processing; the synonyms are processed already.
    const tree = { combineWith: 'OR', queries: [words.join(' '), { queries: [extra.join(' ')], processTerm: (t: string) => t, boostTerm: () => SYNONYM_WEIGHT }] };
    const hits = words.length === 0 ? [] : index.search(extra.length === 0 ? words.join(' ') : (tree as Parameters<MiniSearch['search']>[0]), options);
    return hits.slice(0, limit).map((hit) => hit.id as number);
  };
}

/** A lower-case word → its term: stemmed (when `terms.stem`), abbreviations expanded. */
function termNormalizer(terms: TermOptions): (word: string) => string {
  const base = terms.stem ? stem : (word: string) => word.toLowerCase();
  const expand = new Map(ABBREVIATIONS.flatMap(([short, long]) => [[base(short), base(long)], [base(`${short}s`), base(long)]]));
  return (word) => {
    const term = base(word);
    return expand.get(term) ?? term;
  };
}

function synonymTable(normalize: (word: string) => string): Map<string, string[]> {
  return new Map(
    SYNONYM_GROUPS.flatMap((group) => {
      const words = [...new Set(group.map(normalize))];
      return words.map((w): [string, string[]] => [w, words]);
    }),
  );
}

/** The first paragraph of a description, cut at a word before {@link SUMMARY_MAX} characters. */
export function summaryOf(description: string): string {
  const paragraph = (description.split(/\n\s*\n/).find((p) => p.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
  if (paragraph.length <= SUMMARY_MAX) return paragraph;
  const cut = paragraph.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The catalog of `tools` (in their order); `toolsetOf(i)` names the toolset of tool i. */
export function buildCatalog(
  tools: readonly SearchableTool[],
  toolsetOf: (index: number) => string,
  descriptions: Readonly<Record<string, string>> = {},
): ToolCatalogData {
  const positions = new Map<string, number>();
  const counts: number[] = [];
  const names: string[] = [];
  const entries = tools.map((tool, i): CatalogTool => {
    const toolset = toolsetOf(i);
    let position = positions.get(toolset);
    if (position === undefined) {
      position = names.push(toolset) - 1;
      positions.set(toolset, position);
      counts.push(0);
    }
    counts[position]! += 1;
    return catalogTool(tool, position);
  });
  const toolsets = names.map((name, i): ToolsetInfo => ({
    name,
    description: Object.hasOwn(descriptions, name) ? descriptions[name]! : '',
    tools: counts[i]!,
  }));
  return { toolsets, tools: entries };
}

/** A tool as the catalog holds it, in the toolset at position `toolset`. */
export function catalogTool(tool: SearchableTool, toolset: number): CatalogTool {
  const { name, title, description, annotations } = tool.definition;
  return { name, ...(title !== undefined ? { title } : {}), summary: summaryOf(description), toolset, readOnly: annotations?.readOnlyHint === true };
}

/** The index over `tools`, document id = position; `catalog` is {@link buildCatalog}'s result for them. */
export function buildSearchIndex(tools: readonly SearchableTool[], catalog: ToolCatalogData, terms: TermOptions = DEFAULT_TERMS): MiniSearch {
  const index = new MiniSearch(indexOptions(terms));
  index.addAll(tools.map((tool, id) => {
    const { definition, binding } = tool;
    const summary = catalog.tools[id]!.summary;
    const properties = definition.inputSchema.properties;
    return {
      id,
      name: definition.name,
      title: definition.title ?? '',
      summary,
      details: definition.description.length > summary.length ? definition.description : '',
      toolset: catalog.toolsets[catalog.tools[id]!.toolset]!.name,
      path: `${binding.path ?? ''} ${binding.operationId ?? ''}`,
      params: typeof properties === 'object' && properties !== null ? Object.keys(properties).join(' ') : '',
      verb: METHOD_VERBS[binding.method ?? ''] ?? '',
    };
  }));
  return index;
}

export function loadSearchIndex(json: string): MiniSearch {
  return MiniSearch.loadJSON(json, indexOptions());
}

/** As {@link loadSearchIndex}, yielding to the event loop while it rebuilds the index (Microsoft Graph's takes ~0.3 s). */
export function loadSearchIndexAsync(json: string): Promise<MiniSearch> {
  return MiniSearch.loadJSONAsync(json, indexOptions());
}
