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
import { indexOptions, type SearchDocument } from './search-core.gen.js';
import { storedIndexText, type StoredDocument } from './search-index-store.gen.js';
import { scanTokens } from './search-index-scan.js';
import { DEFAULT_TERMS, tokenize as sharedTokenize, type TermOptions } from './search-terms.gen.js';

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
  const known = new Map<string, readonly string[]>();
  const termsOf = (token: string): readonly string[] => {
    const term = processTerm(token);
    const list = Array.isArray(term) ? term : term ? [term] : [];
    for (const t of list) if (!STORABLE_TERM.test(t)) throw new Error(`search index: the term ${JSON.stringify(t)} (of ${JSON.stringify(token)}) cannot be stored`);
    return list;
  };
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
      const tokens = new Set<string>();
      const counts = new Map<string, number>();
      for (const token of tokensOf(String(value), fields[field]!)) {
        tokens.add(token);
        let list = known.get(token);
        if (list === undefined) known.set(token, (list = termsOf(token)));
        for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      lengths[field] = tokens.size;
      const parts: string[] = [];
      for (const [term, count] of counts) parts.push(count === 1 ? term : `${term}*${count}`);
      texts.push(parts.join(' '));
    }
    const line: StoredDocument = [lengths, ...texts];
    return JSON.stringify(line);
  });
  return storedIndexText(fields, lines);
}
