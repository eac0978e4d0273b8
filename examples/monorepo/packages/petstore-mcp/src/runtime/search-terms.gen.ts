/**
 * How text becomes search terms, for the tool search of search-core.ts: splitting, stop words, a
 * light English stemmer, abbreviations and a small synonym table of API vocabulary. Shared by the
 * generator and the generated server like search-core.gen.ts (one source, copied into src/emit
 * by the build). It imports nothing.
 */

/** Words that tell nothing about an operation: dropped from the index and from queries. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a an the to of for in on at by with and or from into is are be can could would should will do does how what which who that this these ' +
    'those it its i we our you your please want need some any via using use all as am was were been being has have had did if so just about there than then also').split(' '),
);

/** Abbreviations: the same term as the word, in the index and in queries (`repos` is `repository`). */
const ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['repo', 'repository'],
  ['ref', 'reference'],
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

/**
 * Words a user says for what the API calls otherwise. A query term also finds the other words of
 * its group (at a lower weight, search-core.ts); the index holds only the words the spec uses.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['create', 'add', 'new', 'make', 'open', 'register', 'publish', 'put', 'give', 'grant'],
  ['delete', 'remove', 'destroy', 'erase', 'drop'],
  ['update', 'edit', 'change', 'modify', 'close'],
  ['list', 'enumerate', 'browse', 'show', 'every'],
  ['get', 'fetch', 'retrieve', 'read', 'view', 'look', 'see'],
  ['authenticated', 'me', 'my', 'mine', 'myself'],
  ['search', 'find', 'query', 'lookup', 'filter'],
  ['request', 'ask'],
  ['transfer', 'move'],
  ['organization', 'company'],
  ['user', 'person', 'account', 'member', 'people'],
  ['comment', 'reply', 'note'],
  ['file', 'document', 'attachment', 'upload', 'content'],
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
  ['branch', 'ref'],
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

/**
 * Splits at anything but letters and digits, and at case changes: `getRepoURL_v2` → get repo url v 2.
 * An acronym's plural stays one word (`PRs`, `listURLsFor` → list URLs for), not P + Rs.
 */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, '$1 $2')
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

/** A word → its term: stemmed (when `terms.stem`), abbreviations expanded. */
export function termNormalizer(terms: TermOptions): (word: string) => string {
  const base = terms.stem ? stem : (word: string) => word.toLowerCase();
  const expand = new Map(ABBREVIATIONS.flatMap(([short, long]) => [[base(short), base(long)], [base(`${short}s`), base(long)]]));
  return (word) => {
    const term = base(word);
    return expand.get(term) ?? term;
  };
}

/** A token → its index term, or null for a stop word or a single character. */
export function indexTermOf(normalize: (word: string) => string): (token: string) => string | null {
  return (token) => (token.length <= 1 || STOP_WORDS.has(token.toLowerCase()) ? null : normalize(token));
}

/** Each term of a synonym group → the group's terms (itself included); empty without `terms.synonyms`. */
export function synonymTable(terms: TermOptions, normalize: (word: string) => string): ReadonlyMap<string, readonly string[]> {
  if (!terms.synonyms) return new Map();
  return new Map(
    SYNONYM_GROUPS.flatMap((group) => {
      const words = [...new Set(group.map(normalize))];
      return words.map((w): [string, string[]] => [w, words]);
    }),
  );
}

/** Words after which a query or a title names the context, not the thing acted on: `… for a repository`. */
export const CONTEXT_WORDS: ReadonlySet<string> = new Set('of for in on from to at within inside across'.split(' '));

/** Phrases a user says for one API word. */
const PHRASES: readonly (readonly [RegExp, string])[] = [[/\b(?:logged|signed) in\b/gi, 'authenticated']];

/** One word of a query: its terms (`GitHub` has two, git and hub) and whether it names the context. */
export interface QueryWord {
  readonly terms: readonly string[];
  readonly context: boolean;
}

/** The query's words, in order, without stop words and repeats. */
export function queryWords(query: string, normalize: (word: string) => string): QueryWord[] {
  const text = PHRASES.reduce((t, [phrase, word]) => t.replace(phrase, word), query);
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  let context = false;
  const indexTerm = indexTermOf(normalize);
  for (const word of text.split(/[^A-Za-z0-9]+/)) {
    const lower = word.toLowerCase();
    if (CONTEXT_WORDS.has(lower)) context = true;
    if (lower === '' || STOP_WORDS.has(lower)) continue;
    const terms = [...new Set(tokenize(word).flatMap((t) => indexTerm(t) ?? []))];
    const key = terms.join(' ');
    if (terms.length === 0 || seen.has(key)) continue;
    seen.add(key);
    words.push({ terms, context });
  }
  return words;
}

/** The distinct index terms of a text. */
export function termsOf(text: string, normalize: (word: string) => string): Set<string> {
  const indexTerm = indexTermOf(normalize);
  return new Set(tokenize(text).flatMap((t) => indexTerm(t) ?? []));
}
