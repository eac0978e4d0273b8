/**
 * data/tools/search-index.json: the text `JSON.stringify(indexDocuments(documents))` gives
 * (search-core.gen.ts), computed without building the MiniSearch index.
 *
 * Why: `addAll` walks MiniSearch's radix tree once per token occurrence (`fetch` → `createPath`,
 * GitHub: 117k tokens, 1.4k terms) and keeps the posting lists in nested Maps, which `toJSON`
 * then turns into slow dictionary objects. The server only loads the file (`MiniSearch.loadJSON`),
 * so the generator only needs its text. Here each field of each document goes through the steps
 * of `MiniSearch.add`: the same `tokenize` and `processTerm` (from `indexOptions`), the fields in
 * the same order, short ids = positions, a field's length = its distinct tokens, the average
 * updated the same way; each distinct token is processed once, and term frequencies are counted
 * in plain arrays (documents ascending, as they are added). The terms come out in the order
 * MiniSearch's tree yields them: distinct terms inserted, in the order first seen, into the
 * package's own `SearchableMap` (search-index-scan.ts's treeOrder follows it, as its scanTokens
 * follows `tokenize`). So the file is byte for byte the one MiniSearch writes, and the server loads
 * the same index. It takes about half the time addAll did (measured in the commit).
 *
 * MiniSearch's version is pinned in package.json; test/emit/search-index-json.test.ts fails if a
 * new one writes or loads the index otherwise (bytes, loaded state, search results on real specs).
 */
import { indexOptions, type SearchDocument } from './search-core.gen.js';
import { scanTokens, treeOrder } from './search-index-scan.js';
import { DEFAULT_TERMS, tokenize as sharedTokenize, type TermOptions } from './search-terms.gen.js';

/** A term's postings: per field id, its documents and their frequencies as flat `[doc, count, doc, count …]` (docs ascending). */
type Postings = (number[] | undefined)[];

/** A distinct token: the postings of the terms it becomes, and the last field (a stamp) it was counted in. */
interface Token {
  readonly terms: readonly Postings[];
  stamp: number;
}

/** What {@link countTerms} finds: the terms in the order first seen, their postings, and the fields' lengths. */
interface Counts {
  readonly terms: string[];
  readonly postings: Postings[];
  /** `"0":[…],"1":[…]…`: each document's field lengths, as `fieldLength` holds them. */
  readonly fieldLengths: string;
  readonly average: number[];
}

export function searchIndexJson(documents: readonly SearchDocument[], terms: TermOptions = DEFAULT_TERMS): string {
  const options = indexOptions(terms);
  const { fields, tokenize, processTerm } = options;
  if (tokenize === undefined || processTerm === undefined || options.idField !== 'id' || options.extractField || options.stringifyField || (options.storeFields?.length ?? 0) > 0) {
    throw new Error('searchIndexJson follows indexOptions() as it was written: update it with them');
  }
  // The shared tokenize, without its regular expressions (search-index-scan.ts).
  const tokensOf = tokenize === sharedTokenize ? scanTokens : (text: string, field: string) => tokenize(text, field);
  // Counting and writing are separate functions: each is optimized on its own loop, with its own feedback.
  const counts = countTerms(documents, fields, tokensOf, processTerm);
  const fieldIds = Object.fromEntries(fields.map((field, id) => [field, id]));
  const ids = documents.map((document, doc) => `"${doc}":${JSON.stringify(document.id)}`);
  return (
    `{"documentCount":${documents.length},"nextId":${documents.length},"documentIds":{${ids.join(',')}},"fieldIds":${JSON.stringify(fieldIds)},` +
    `"fieldLength":{${counts.fieldLengths}},"averageFieldLength":${JSON.stringify(counts.average)},"storedFields":{},"dirtCount":0,` +
    `"index":[${indexJson(counts, documents.length)}],"serializationVersion":2}`
  );
}

/** The steps of MiniSearch's `add` for each document in turn, as the module comment says. */
function countTerms(
  documents: readonly SearchDocument[],
  fields: readonly string[],
  tokensOf: (text: string, field: string) => string[],
  processTerm: (term: string, field?: string) => string | string[] | null | undefined | false,
): Counts {
  const termIds = new Map<string, Postings>();
  const terms: string[] = [];
  const postings: Postings[] = [];
  const postingsOf = (term: string): Postings => {
    let found = termIds.get(term);
    if (found === undefined) {
      termIds.set(term, (found = []));
      terms.push(term);
      postings.push(found);
    }
    return found;
  };
  // processTerm does not depend on the field (indexTermOf): each distinct token is processed once.
  const tokenOf = (token: string): Token => {
    const term = processTerm(token);
    return { terms: Array.isArray(term) ? term.map(postingsOf) : term ? [postingsOf(term)] : [], stamp: -1 };
  };
  const known = new Map<string, Token>();
  const fieldLengths: string[] = [];
  const average: number[] = [];
  for (let doc = 0; doc < documents.length; doc++) {
    const document = documents[doc] as unknown as Readonly<Record<string, unknown>>;
    const lengths: number[] = [];
    for (let field = 0; field < fields.length; field++) {
      const value = document[fields[field]!];
      if (value === null || value === undefined) continue;
      const stamp = doc * fields.length + field;
      let length = 0;
      for (const text of tokensOf(String(value), fields[field]!)) {
        let token = known.get(text);
        if (token === undefined) known.set(text, (token = tokenOf(text)));
        if (token.stamp !== stamp) {
          token.stamp = stamp;
          length += 1;
        }
        for (const entry of token.terms) {
          const list = (entry[field] ??= []);
          if (list[list.length - 2] === doc) list[list.length - 1]! += 1;
          else list.push(doc, 1);
        }
      }
      // As MiniSearch's addFieldLength: the field's distinct tokens, and the running average.
      lengths[field] = length;
      average[field] = ((average[field] || 0) * doc + length) / (doc + 1);
    }
    fieldLengths.push(`"${doc}":${JSON.stringify(lengths)}`);
  }
  return { terms, postings, fieldLengths: fieldLengths.join(','), average };
}

/**
 * The `index` array's members, in MiniSearch's tree order (the order its iterator yields the
 * terms in, given the order they were first added): pieces joined once, not strings grown.
 */
function indexJson({ terms, postings }: Counts, documentCount: number): string {
  // Each document's key, `"12":`, and with the comma before it, made once.
  const keys: string[] = [];
  const nextKeys: string[] = [];
  for (let doc = 0; doc < documentCount; doc++) {
    keys.push(`"${doc}":`);
    nextKeys.push(`,"${doc}":`);
  }
  const out: (string | number)[] = [];
  for (const position of treeOrder(terms)) {
    out.push(out.length === 0 ? '[' : ',[', JSON.stringify(terms[position]), ',{');
    const entry = postings[position]!;
    let first = true;
    for (let field = 0; field < entry.length; field++) {
      const list = entry[field];
      if (list === undefined) continue;
      out.push(first ? `"${field}":{` : `},"${field}":{`, keys[list[0]!]!, list[1]!);
      first = false;
      for (let k = 2; k < list.length; k += 2) out.push(nextKeys[list[k]!]!, list[k + 1]!);
    }
    out.push(first ? '}]' : '}}]');
  }
  return out.join('');
}
