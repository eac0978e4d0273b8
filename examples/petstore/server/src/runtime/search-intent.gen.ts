/**
 * What an operation does and what a query asks, for the tool search of search-core.ts: each tool
 * gets its actions (list, get, search, create, update, delete) from the verb its name or title
 * starts with, else from its HTTP method and path; each query gets an intent from its first word
 * (a verb, a question word, or a noun phrase), and tools whose action fits the intent rank higher,
 * as do those named for the query's first word (`request reviewers …` → `pulls_request-reviewers`).
 * Shared by the generator and the generated server like search-core.gen.ts (one source, copied
 * into src/emit by the build).
 */
import { STOP_WORDS, stem, tokenize } from './search-terms.gen.js';

export type Action = 'list' | 'get' | 'search' | 'create' | 'update' | 'delete';

export const ACTIONS: readonly Action[] = ['list', 'get', 'search', 'create', 'update', 'delete'];

/** Verbs and the action they name; `show` may be a list or a get. */
const VERBS: Readonly<Record<Action | 'read', readonly string[]>> = {
  list: ['list', 'enumerate', 'browse', 'watch'],
  get: ['get', 'fetch', 'retrieve', 'read', 'view', 'see', 'check'],
  read: ['show'],
  search: ['search', 'find', 'lookup', 'query'],
  create: ['create', 'add', 'new', 'make', 'open', 'register', 'publish', 'put', 'give', 'grant'],
  update: ['update', 'edit', 'change', 'modify', 'set', 'replace', 'patch', 'rename', 'close'],
  delete: ['delete', 'remove', 'destroy', 'erase', 'drop'],
};

const VERB_ACTION = new Map(Object.entries(VERBS).flatMap(([action, words]) => words.map((w): [string, string] => [stem(w), action])));

/**
 * The actions of an operation: the verbs its name starts with (`create-or-update-…` has two; a
 * leading HTTP method or toolset word is skipped), else those its headline starts with, else what
 * its method does to its path (GET of a collection lists, GET of `…/{id}` gets, POST to `…/{id}` updates).
 */
export function actionsOf(name: string, headline: string, toolset: string, method: string, path: string): Action[] {
  const skip = new Set([...tokenize(toolset), method].map(stem));
  const fromName = leadingVerbs(verbWords(name).filter((w) => !skip.has(w)), 2);
  if (fromName.length > 0) return fromName;
  const fromHeadline = leadingVerbs(verbWords(headline), 3);
  if (fromHeadline.length > 0) return fromHeadline;
  const item = /\}\/?$/.test(path);
  switch (method.toUpperCase()) {
    case 'GET':
      return [item ? 'get' : 'list'];
    case 'POST':
      return [item ? 'update' : 'create'];
    case 'PUT':
    case 'PATCH':
      return ['update'];
    case 'DELETE':
      return ['delete'];
    default:
      return [];
  }
}

/** The stemmed words of a text without stop words, but with `or` (`create or update`). */
function verbWords(text: string): string[] {
  return tokenize(text).map((w) => w.toLowerCase()).filter((w) => w === 'or' || !STOP_WORDS.has(w)).map(stem);
}

/** The first verb among the first `max` words, and those joined to it by `or`. */
function leadingVerbs(words: readonly string[], max: number): Action[] {
  const found = new Set<Action>();
  for (let i = 0, looked = 0; i < words.length && looked < max; i += 1) {
    if (words[i] === 'or') continue;
    looked += 1;
    const action = VERB_ACTION.get(words[i]!);
    if (action !== undefined && action !== 'read') {
      found.add(action as Action);
      if (words[i + 1] === 'or') max += 1;
      else break;
    } else if (found.size > 0) break;
  }
  return [...found];
}

/**
 * The word an operation is named for when its name (after its toolset's words) and its headline
 * both start with it: `pulls_request-reviewers` / `Request reviewers for a pull request` → request,
 * `pulls_merge` / `Merge a pull request` → merge; '' when they start differently (`PostCustomers` /
 * `Create a customer`). Stemmed, so it compares with {@link queryVerb}.
 */
export function ownVerbOf(name: string, headline: string, toolset: string): string {
  const skip = new Set(tokenize(toolset).map(stem));
  const first = verbWords(name).find((w) => w !== 'or' && !skip.has(w));
  return first !== undefined && first === verbWords(headline).find((w) => w !== 'or') ? first : '';
}

/** What a query asks: an action, `read` (a question or a noun phrase), `write` (a verb we do not know), or nothing. */
export type Intent = Action | 'read' | 'write' | '';

/** How well an action answers an intent (0 when it is not listed). */
const FIT: Readonly<Record<Exclude<Intent, ''>, Partial<Record<Action, number>>>> = {
  list: { list: 1, get: 0.6, search: 0.6 },
  get: { get: 1, list: 0.6 },
  read: { get: 1, list: 1, search: 0.6 },
  search: { search: 1, list: 0.7, get: 0.3 },
  create: { create: 1, update: 0.3 },
  update: { update: 1, create: 0.3 },
  delete: { delete: 1 },
  // An unknown verb (fork, star, merge, invite) mostly makes something, sometimes changes it.
  write: { create: 1, update: 0.7, delete: 0.3 },
};

export function fitOf(intent: Intent, actions: readonly Action[]): number {
  if (intent === '') return 0;
  return Math.max(0, ...actions.map((action) => FIT[intent][action] ?? 0));
}

/** Words a request starts with before its verb: `please`, `I want to`, `can you`, `help me`. */
const LEAD_INS = new Set('please i we want need can could would you to me let us help'.split(' '));
const QUESTIONS = new Set('who which what how is are did does has have was were whose when where why'.split(' '));
/** After an unknown first word, these make it a verb: `fork a repo`, `comment on an issue`, `invite someone`. */
const OBJECT_STARTS = new Set(
  'a an the my our your his her their this that these those all every some one two any someone somebody something everyone everybody me him them it us on with up off out into'.split(' '),
);

/**
 * The intent of a query from its first word: a known verb gives its action; a question word or a
 * noun phrase asks to read (a list when it names something in the plural: `followers of a user`);
 * an unknown word followed by an article, pronoun or preposition is a verb that writes.
 */
export function intentOf(query: string): Intent {
  const words = requestWords(query);
  const [first, next] = [words[0], words[1]];
  if (first === undefined) return '';
  if (!QUESTIONS.has(first)) {
    const action = VERB_ACTION.get(stem(first));
    if (action !== undefined) return action as Intent;
    if (next !== undefined && OBJECT_STARTS.has(next)) return 'write';
  }
  return words.some((w) => w.length > 3 && /[^su]s$/.test(w) && !STOP_WORDS.has(w)) ? 'list' : 'read';
}

/**
 * The query's first word, stemmed, when it is not a question word: the verb of a request
 * (`request reviewers …` → request), compared with the tools' {@link ownVerbOf}; else ''.
 */
export function queryVerb(query: string): string {
  const first = requestWords(query)[0];
  return first === undefined || QUESTIONS.has(first) ? '' : stem(first);
}

/** The query's words in lower case from the first one after its lead-ins (`please`, `I want to`). */
function requestWords(query: string): string[] {
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '');
  let start = 0;
  while (start < words.length && LEAD_INS.has(words[start]!)) start += 1;
  return words.slice(start);
}
