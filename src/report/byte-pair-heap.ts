/**
 * Byte-pair merging of a long piece with a heap: O(n log n) where the scan of token-table.ts
 * (gpt-tokenizer's bytePairMerge) is O(n²). A spec can hold one piece of any length (a 1 MB word
 * of `x`, `!` or `é`: the o200k pattern does not split letter or punctuation runs), and the scan
 * took 16 s for 80 KB, hours for a megabyte; the heap takes milliseconds.
 *
 * Same result as the scan: it always merges the pair with the lowest rank, leftmost on ties. A
 * heap key is `rank * (size + 1) + start`, so the smallest key is exactly that pair; entries made
 * stale by a merge are skipped when popped (a rank names one byte string, so a part that still
 * starts at `start` with the same pair rank is the same pair).
 */

/**
 * How many parts byte-pair merging leaves of a piece of `size` bytes; `pairRank(start, end)` is
 * the rank of the bytes `[start, end)` of the piece, or -1 when they are no token.
 */
export function mergedPartsWithHeap(size: number, pairRank: (start: number, end: number) => number): number {
  if (size < 2) return size;
  const stride = size + 1;
  /** Start of the part after the part starting at `i` (`size` after the last part). */
  const next = new Int32Array(size);
  /** Start of the part before the part starting at `i` (-1 before the first). */
  const prev = new Int32Array(size);
  /** Rank of merging the part starting at `i` with the next one, -1 when there is no such token. */
  const rank = new Int32Array(size);
  const alive = new Uint8Array(size).fill(1);
  const heap = new MinHeap(3 * size);
  for (let i = 0; i < size; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    rank[i] = i + 2 <= size ? pairRank(i, i + 2) : -1;
    if (rank[i]! >= 0) heap.push(rank[i]! * stride + i);
  }
  let parts = size;
  while (heap.length > 0) {
    const key = heap.pop();
    const r = Math.floor(key / stride);
    const start = key - r * stride;
    if (alive[start] === 0 || rank[start] !== r) continue;
    // The part at `start` swallows the next one.
    const gone = next[start]!;
    alive[gone] = 0;
    const after = next[gone]!;
    next[start] = after;
    if (after < size) prev[after] = start;
    parts -= 1;
    rank[start] = after < size ? pairRank(start, next[after]!) : -1;
    if (rank[start]! >= 0) heap.push(rank[start]! * stride + start);
    const before = prev[start]!;
    if (before >= 0) {
      rank[before] = pairRank(before, after);
      if (rank[before]! >= 0) heap.push(rank[before]! * stride + before);
    }
  }
  return parts;
}

/** A binary min-heap of numbers (exact integers below 2^53). */
class MinHeap {
  private readonly items: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.items = new Float64Array(capacity);
  }

  push(value: number): void {
    const items = this.items;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const last = items[--this.length]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.length) break;
      if (child + 1 < this.length && items[child + 1]! < items[child]!) child += 1;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
