/**
 * Two steps of search-index-json.ts without their general machinery, each giving exactly what
 * the general one gives (test/emit/search-index-scan.test.ts compares them on random and real texts):
 *
 * - {@link scanTokens}: search-terms.gen.ts's `tokenize` as one pass over the characters instead
 *   of three regular-expression replaces, a split and a filter (GitHub: 117k tokens, 0.7 MB of text;
 *   the regular expressions were about 40 ms of a generation).
 * - {@link treeOrder}: the order MiniSearch's `SearchableMap` iterates its terms in, from the order
 *   they were inserted, without its Maps and its iterator (which rebuilds each key from its path).
 */

/** Character classes of {@link scanTokens}: anything but ASCII letters and digits separates tokens. */
const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

/**
 * What `tokenize(text)` returns. Its steps, in terms of the original characters (each step's
 * spaces fall between letters, where the later steps do not look): a token is a run of ASCII
 * letters and digits, cut between a lower and an upper case letter (`aB`), before the last upper
 * case letter of a run that a lower case one follows (`URLParser` → `URL Parser`), and between a
 * letter and a digit either way.
 */
export function scanTokens(text: string): string[] {
  const tokens: string[] = [];
  const n = text.length;
  let start = -1;
  let previous = OTHER;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = c >= 97 && c <= 122 ? LOWER : c >= 65 && c <= 90 ? UPPER : c >= 48 && c <= 57 ? DIGIT : OTHER;
    if (kind === OTHER) {
      if (start >= 0) {
        tokens.push(text.slice(start, i));
        start = -1;
      }
    } else if (start < 0) {
      start = i;
    } else if ((previous === LOWER && kind === UPPER) || (previous === DIGIT) !== (kind === DIGIT)) {
      tokens.push(text.slice(start, i));
      start = i;
    } else if (previous === UPPER && kind === LOWER && i - 1 > start) {
      // The token's character before i - 1 is an upper case letter: a lower case one or a digit would have cut it.
      tokens.push(text.slice(start, i - 1));
      start = i - 1;
    }
    previous = kind;
  }
  if (start >= 0) tokens.push(text.slice(start));
  return tokens;
}

/** A node of {@link treeOrder}'s radix tree: edge labels in the order of MiniSearch's Map keys; '' holds a term (its position). */
interface RadixNode {
  readonly labels: string[];
  readonly kids: (RadixNode | number)[];
}

/**
 * The positions of `terms` (distinct) in the order `for (const [term] of map)` yields them after
 * `map.set(term, …)` for each in turn, `map` a new `SearchableMap`. As its `createPath`: a node's
 * keys are in insertion order, a split node's new key goes last (set before the old one is deleted),
 * and the iterator walks each node's keys last first.
 */
export function treeOrder(terms: readonly string[]): number[] {
  const root: RadixNode = { labels: [], kids: [] };
  for (let t = 0; t < terms.length; t++) {
    const key = terms[t]!;
    let node = root;
    let pos = 0;
    outer: while (pos < key.length) {
      const first = key.charCodeAt(pos);
      const { labels, kids } = node;
      for (let i = 0; i < labels.length; i++) {
        const k = labels[i]!;
        if (k === '' || k.charCodeAt(0) !== first) continue;
        const len = Math.min(key.length - pos, k.length);
        let offset = 1;
        while (offset < len && key.charCodeAt(pos + offset) === k.charCodeAt(offset)) ++offset;
        const child = kids[i] as RadixNode;
        if (offset === k.length) {
          node = child;
        } else {
          const intermediate: RadixNode = { labels: [k.slice(offset)], kids: [child] };
          labels.splice(i, 1);
          kids.splice(i, 1);
          labels.push(key.slice(pos, pos + offset));
          kids.push(intermediate);
          node = intermediate;
        }
        pos += offset;
        continue outer;
      }
      const child: RadixNode = { labels: [], kids: [] };
      labels.push(key.slice(pos));
      kids.push(child);
      node = child;
      break;
    }
    const leaf = node.labels.indexOf('');
    if (leaf >= 0) node.kids[leaf] = t;
    else {
      node.labels.push('');
      node.kids.push(t);
    }
  }
  const order: number[] = [];
  const visit = (node: RadixNode): void => {
    for (let i = node.kids.length - 1; i >= 0; i--) {
      const kid = node.kids[i]!;
      if (typeof kid === 'number') order.push(kid);
      else visit(kid);
    }
  };
  visit(root);
  return order;
}
