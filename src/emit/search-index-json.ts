/**
 * data/tools/search-index.json: the index of search-core.gen.ts's documents in the form a package
 * stores it (search-index-store.gen.ts: one line per tool, its field lengths and its terms with
 * their counts per field), computed without building the MiniSearch index.
 *
 * Each field of each document goes through the steps of `MiniSearch.add`: the same `tokenize` and
 * `processTerm` (from `indexOptions`), the fields in the same order, a field's length = its
 * distinct tokens, a term counted once per token it comes from; each distinct token is processed
 * once. A line depends on its own tool only, so a regenerated package's diff shows the lines of
 * the tools that changed. The server loads the file into the index MiniSearch's own JSON of the
 * same documents gives (test/emit/search-index-json.test.ts compares the state and the searches;
 * MiniSearch's version is pinned in package.json).
 */
import { indexOptions, type SearchDocument } from '../shared/search-core.gen.js';
import { storedIndexText, type StoredDocument } from '../shared/search-index-store.gen.js';
import { scanTokens } from './search-index-scan.js';
import { DEFAULT_TERMS, tokenize as sharedTokenize, type TermOptions } from '../shared/search-terms.gen.js';

/** A distinct term, and its count in the field that last counted it (`field`). */
interface TermSlot {
  readonly term: string;
  field: number;
  count: number;
}

/** A distinct token: its terms, and the field that last counted it. */
interface TokenSlot {
  readonly terms: readonly TermSlot[];
  field: number;
}

/** What a stored term may hold: the line separates terms with spaces and a count with `*`. */
const STORABLE_TERM = /^[^\s*]+$/;

export function searchIndexJson(documents: readonly SearchDocument[], terms: TermOptions = DEFAULT_TERMS): string {
  const options = indexOptions(terms);
  const { fields, tokenize, processTerm } = options;
  if (tokenize === undefined || processTerm === undefined || options.idField !== 'id' || options.extractField || options.stringifyField || (options.storeFields?.length ?? 0) > 0) {
    throw new Error('searchIndexJson follows indexOptions() as it was written: update it with them');
  }
  // The shared tokenize, without its regular expressions (search-index-scan.ts).
  const tokensOf = tokenize === sharedTokenize ? scanTokens : (text: string, field: string) => tokenize(text, field);
  // processTerm does not depend on the field (indexTermOf): each distinct token is processed once.
  // Each distinct token and term has one slot; a slot's `field` says which field (a running number)
  // last counted it, so a field needs no Set or Map of its own: its first sight of a token adds one
  // to the field's length, its first sight of a term puts the term in its list (first-seen order,
  // as a Map's insertion order would). Index loops: the function runs once, mostly before it is
  // optimized, where `for…of` allocates an iterator per loop (GitHub: ~52 → ~35 ms cold, with the slots).
  const tokenSlots = new Map<string, TokenSlot>();
  const termSlots = new Map<string, TermSlot>();
  const newTokenSlot = (token: string): TokenSlot => {
    const term = processTerm(token);
    const list = Array.isArray(term) ? term : term ? [term] : [];
    const slots: TermSlot[] = [];
    for (const t of list) {
      if (!STORABLE_TERM.test(t)) throw new Error(`search index: the term ${JSON.stringify(t)} (of ${JSON.stringify(token)}) cannot be stored`);
      let slot = termSlots.get(t);
      if (slot === undefined) termSlots.set(t, (slot = { term: t, field: 0, count: 0 }));
      slots.push(slot);
    }
    return { terms: slots, field: 0 };
  };
  let fieldsCounted = 0;
  const lines = documents.map((document, id) => {
    if (document.id !== id) throw new Error(`search index: document ${id} has id ${document.id}; ids are positions`);
    const record = document as unknown as Readonly<Record<string, unknown>>;
    const lengths: (number | null)[] = [];
    const texts: string[] = [];
    for (let field = 0; field < fields.length; field++) {
      const value = record[fields[field]!];
      if (value === null || value === undefined) {
        lengths[field] = null;
        texts.push('');
        continue;
      }
      const stamp = ++fieldsCounted;
      let length = 0;
      const seen: TermSlot[] = [];
      const tokens = tokensOf(String(value), fields[field]!);
      for (let t = 0; t < tokens.length; t++) {
        const token = tokens[t]!;
        let slot = tokenSlots.get(token);
        if (slot === undefined) tokenSlots.set(token, (slot = newTokenSlot(token)));
        if (slot.field !== stamp) {
          slot.field = stamp;
          length++;
        }
        const termsOfToken = slot.terms;
        for (let k = 0; k < termsOfToken.length; k++) {
          const term = termsOfToken[k]!;
          if (term.field !== stamp) {
            term.field = stamp;
            term.count = 1;
            seen.push(term);
          } else {
            term.count++;
          }
        }
      }
      lengths[field] = length;
      // One join per field: appending term by term made a chain of strings for JSON.stringify to flatten (~20% slower).
      const parts = new Array<string>(seen.length);
      for (let i = 0; i < seen.length; i++) {
        const { term, count } = seen[i]!;
        parts[i] = count === 1 ? term : `${term}*${count}`;
      }
      texts.push(parts.join(' '));
    }
    const line: StoredDocument = [lengths, ...texts];
    return JSON.stringify(line);
  });
  return storedIndexText(fields, lines);
}
