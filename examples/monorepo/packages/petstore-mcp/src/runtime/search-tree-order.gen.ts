/**
 * The order MiniSearch's `SearchableMap` iterates its terms in, from the order they were inserted,
 * without its Maps and its iterator (which rebuilds each key from its path), and without inserting
 * the terms one by one: the terms sorted (natively) give the tree, and when each node appeared
 * gives its order. The server uses it to load the stored index (search-index-store.gen.ts) into the
 * tree MiniSearch's loadJSON builds: a SearchableMap built and walked for the order instead made
 * GitHub's load 30% slower, cold. Shared by the generator and the generated server like
 * search-core.gen.ts; it imports nothing. test/emit/search-index-scan.test.ts compares it with
 * SearchableMap on random and real terms.
 */

/**
 * The positions of `terms` (distinct) in the order `for (const [term] of map)` yields them after
 * `map.set(term, …)` for each in turn, `map` a new `SearchableMap`, without building that map.
 *
 * Its radix tree, once all are inserted, is the compressed trie of the terms (a node for each term
 * and each prefix where two of them part), built here from the terms sorted. What the order depends
 * on is when each node appeared: `createPath` makes a node when its term is inserted or when a
 * second branch leaves it (it splits the edge there), so a node is born at the smaller of its own
 * term's position and the second smallest of its branches' first positions. A node's Map holds its
 * entries (children and its own term, key '') in the order they were set: a split sets the old
 * child first, then the new key, and keys set later go last; so the entries are in the order of the
 * children's births and the term's position (a split node's old child was born before it, and no
 * two entries of a node share a time). The iterator walks each node's entries last first.
 */
export function treeOrder(terms: readonly string[]): number[] {
  const n = terms.length;
  const positions = new Map<string, number>();
  for (let t = 0; t < n; t++) positions.set(terms[t]!, t);
  const sorted = terms.slice().sort();
  // The trie's nodes (0 is the root) as columns: prefix length, own term (-1: none), the smallest
  // and second smallest first positions of its branches (n: none yet; first then takes in the
  // node's own term), birth, and parent (known when the node is left).
  const depth = [0];
  const term = [-1];
  const first = [n];
  const second = [n];
  const born = [-1];
  const parent = [-1];
  const newNode = (length: number, position: number): number => {
    term.push(position);
    first.push(n);
    second.push(n);
    born.push(n);
    parent.push(-1);
    return depth.push(length) - 1;
  };
  // The path from the root to the last term; a node left (popped) is complete.
  const path = [0];
  let left = -1;
  const attach = (to: number): void => {
    parent[left] = to;
    const f = first[left]!;
    if (f < first[to]!) {
      second[to] = first[to]!;
      first[to] = f;
    } else if (f < second[to]!) second[to] = f;
  };
  let previous = '';
  for (let i = 0; i <= n; i++) {
    const key = i < n ? sorted[i]! : '';
    const max = Math.min(key.length, previous.length);
    let common = 0;
    while (common < max && key.charCodeAt(common) === previous.charCodeAt(common)) common++;
    left = -1;
    while (depth[path[path.length - 1]!]! > common) {
      const node = path.pop()!;
      if (left >= 0) attach(node);
      const own = term[node]! < 0 ? n : term[node]!;
      born[node] = Math.min(own, second[node]!);
      first[node] = Math.min(own, first[node]!);
      left = node;
    }
    if (i === n) break;
    if (key === '') {
      term[0] = positions.get(key)!; // the root's own entry
      continue;
    }
    let top = path[path.length - 1]!;
    if (depth[top]! < common) path.push((top = newNode(common, -1)));
    if (left >= 0) attach(top);
    path.push(newNode(key.length, positions.get(key)!));
    previous = key;
  }
  if (left >= 0) attach(0);
  // Each node's entries as a list, last set first: a child's id, or count + t for term t's own entry.
  // A position is the birth of at most two nodes (a split node and the new term's below it).
  const count = depth.length;
  const head: number[] = new Array<number>(count).fill(-1);
  const next: number[] = new Array<number>(count + n).fill(-1);
  const bornAt: number[] = new Array<number>(2 * n).fill(0);
  const nodeOf: number[] = new Array<number>(n).fill(0);
  for (let node = 1; node < count; node++) {
    const slot = 2 * born[node]!;
    bornAt[bornAt[slot] === 0 ? slot : slot + 1] = node;
    if (term[node]! >= 0) nodeOf[term[node]!] = node;
  }
  if (term[0]! >= 0) nodeOf[term[0]!] = 0;
  const prepend = (entry: number, node: number): void => {
    next[entry] = head[node]!;
    head[node] = entry;
  };
  for (let t = 0; t < n; t++) {
    if (bornAt[2 * t]! > 0) prepend(bornAt[2 * t]!, parent[bornAt[2 * t]!]!);
    if (bornAt[2 * t + 1]! > 0) prepend(bornAt[2 * t + 1]!, parent[bornAt[2 * t + 1]!]!);
    prepend(count + t, nodeOf[t]!);
  }
  const order: number[] = [];
  const visit = (node: number): void => {
    for (let entry = head[node]!; entry >= 0; entry = next[entry]!) {
      if (entry >= count) order.push(entry - count);
      else visit(entry);
    }
  };
  visit(0);
  return order;
}
