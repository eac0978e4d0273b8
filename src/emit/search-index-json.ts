/**
 * data/tools/search-index.json: the text `JSON.stringify(index)` gives, written directly.
 *
 * Why: MiniSearch's `toJSON` turns every posting list of its index into an object with numeric
 * keys (`Object.fromEntries`), which V8 keeps as slow dictionary elements, and `JSON.stringify`
 * then walks them again: GitHub's 583 KB index took 100-130 ms that way, 20-45 ms written here
 * (same machine, same run). The text is the same byte for byte: integer keys of an object come
 * out ascending, so the field ids are sorted here; a posting list holds its documents in the
 * order they were added, which is ascending (test/emit/search-index-json.test.ts checks equality
 * on real specs). Everything but the posting lists comes from MiniSearch's own `toJSON`.
 *
 * It reads MiniSearch's private `_index` (a radix tree iterated as `[term, Map<fieldId,
 * Map<docId, frequency>>]`): the version is pinned in package.json, and the test fails if a
 * new one stores it otherwise.
 */
import MiniSearch from 'minisearch';

type Postings = ReadonlyMap<number, ReadonlyMap<number, number>>;

interface Internals {
  _index: Iterable<[string, Postings]>;
}

export function searchIndexJson(index: MiniSearch): string {
  const terms: string[] = [];
  for (const [term, fields] of (index as unknown as Internals)._index) {
    const ids = [...fields.keys()].sort((a, b) => a - b);
    let text = `[${JSON.stringify(term)},{`;
    for (let k = 0; k < ids.length; k++) {
      let list = '';
      for (const [doc, frequency] of fields.get(ids[k]!)!) list += `${list === '' ? '' : ','}"${doc}":${frequency}`;
      text += `${k === 0 ? '' : ','}"${ids[k]}":{${list}}`;
    }
    terms.push(`${text}}]`);
  }
  // The rest as MiniSearch writes it, with the posting lists left out and put back in their place.
  const rest = MiniSearch.prototype.toJSON.call(Object.assign(Object.create(MiniSearch.prototype) as MiniSearch, index, { _index: [] }));
  const head = JSON.stringify({ ...rest, index: 0, serializationVersion: rest.serializationVersion });
  const marker = ',"index":0,';
  const at = head.lastIndexOf(marker);
  if (at === -1) return JSON.stringify(index);
  return `${head.slice(0, at)},"index":[${terms.join(',')}],${head.slice(at + marker.length)}`;
}
