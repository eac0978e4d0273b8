/**
 * The position automaton of a pattern (or of a repeated group's body), for the backtracking
 * checks (pattern-ambiguity.ts, pattern-polynomial.ts): one state per one-character part, bounded
 * repeats copied out up to a size, and transitions that remember how many ways the pattern makes
 * them (`(a+)+` goes from `a` to `a` by the inner `+` or by the outer one, `(a*b*)*` from `a` to
 * `b` inside one repetition or across two). Transitions come in blocks, every end of one part to
 * every start of the next, kept as blocks so a long alternation stays linear.
 *
 * The pair graph walks two copies of the automaton over the same text: pairs of states whose
 * characters overlap, and pairs of blocks the two walks pass through.
 */
import type { CharSets } from './pattern-char-sets.js';
import type { PatternNode } from './pattern-parse.js';

/** A bounded repeat copied out to more positions than this counts as unbounded (sound: more ways, never fewer). */
const MAX_COPIED = 256;
/** Steps (pattern-budget.ts) a new pair of the pair graph costs: its map entry and its list, several times what a transition costs. */
const PAIR_STEPS = 4;

/** Positions with how many ways lead there (1 or 2: more counts as 2, unless the automaton is built with `allWays`). */
export type Ways = Map<number, number>;
/** `free`: the last positions after which the part can end with no assertion (`$`, `\b`, a lookaround) left to pass; `emptyFree`: it can match empty so. */
interface Part { first: Ways; last: Ways; empty: number; free: Set<number>; emptyFree: boolean }
export interface Block { to: [number, number][]; literal: Map<string, number[]>; classes: number[] }

export interface Automaton {
  sources: string[];
  literal: (string | undefined)[];
  blocks: Block[];
  /** For each position, the blocks it leads into, with how many ways. */
  outOf: [number, number][][];
  first: Ways;
  last: Ways;
  /** The positions after which a match can end whatever follows (nothing but empty matches after them, no `$`). */
  free: Set<number>;
  /** For each position, how many characters the repeats around it can read in all (Infinity when one is unbounded, 0 when none repeats it). */
  capacity: number[];
  /** For each position, log2 of how many ways the repeat that gives its capacity can go through its body, whatever the text (`(\d{1,3}){9}`: 3^9): it splits a text in no more. */
  splits: number[];
}

/**
 * The automaton of `node`; with `looped`, it is closed into a loop (the body of an unbounded
 * repeat). `bounded`: `copy` copies out bounded repeats (exact for ambiguity), `loop` makes the
 * ones with a choice of count (`{m,n}`, n >= 2) and nothing unbounded inside loops that remember
 * their capacity (`\d{1,16}` reads up to 16), and so the exact counts in `alsoLoops` (`(a|a){30}`:
 * copied out, it would have no cycle to show its 2^30 splits; a loop reads more, never fewer).
 * `allWays`: the ways are counted, not capped at 2 (`(a?|a?|a?)` matches empty 3 ways), for pattern-paths.ts.
 */
export function buildAutomaton(node: PatternNode, sets: CharSets, looped: boolean, bounded: 'copy' | 'loop', alsoLoops: ReadonlySet<PatternNode> = new Set(), allWays = false): Automaton {
  const cap = allWays ? (ways: number): number => ways : capTwo;
  // the steps (pattern-budget.ts): each position, each entry of a set of positions made or linked
  const { budget } = sets;
  const union = (all: readonly Ways[]): Ways => {
    for (const ways of all) budget.spend(ways.size);
    return unionOf(all, cap);
  };
  const scale = (ways: Ways, by: number): Ways => {
    budget.spend(ways.size);
    return scaleOf(ways, by, cap);
  };
  const joined = (...all: ReadonlySet<number>[]): Set<number> => {
    for (const set of all) budget.spend(set.size);
    return new Set(all.flatMap((set) => [...set]));
  };
  const auto: Automaton = { sources: [], literal: [], blocks: [], outOf: [], first: new Map(), last: new Map(), free: new Set(), capacity: [], splits: [] };
  const link = (last: Ways, first: Ways): void => {
    if (last.size === 0 || first.size === 0) return;
    budget.spend(1 + first.size + last.size);
    const block: Block = { to: [...first], literal: new Map(), classes: [] };
    for (const [p] of block.to) {
      const char = auto.literal[p];
      if (char === undefined) block.classes.push(p);
      else block.literal.set(char, [...(block.literal.get(char) ?? []), p]);
    }
    const index = auto.blocks.push(block) - 1;
    for (const [p, ways] of last) auto.outOf[p]!.push([index, ways]);
  };
  const concat = (a: Part, b: Part): Part => {
    link(a.last, b.first);
    const free = b.emptyFree ? joined(b.free, a.free) : b.free;
    return { first: union([a.first, scale(b.first, a.empty)]), last: union([b.last, scale(a.last, b.empty)]), empty: cap(a.empty * b.empty), free, emptyFree: a.emptyFree && b.emptyFree };
  };
  /** `around`: the capacity of the outermost repeat around `n` (Infinity inside an unbounded one); `splits`: its ways (Automaton.splits). */
  const build = (n: PatternNode, around: number, splits: number): Part => {
    switch (n.kind) {
      case 'char': {
        if (n.backReference) {
          // what the group read, one way; empty too, as it is before the group takes part
          const chars = readBy(n.group);
          if (chars === undefined) return epsilon();
          return build({ kind: 'repeat', node: { kind: 'char', source: chars, backReference: false }, min: 0, max: Infinity }, around, splits);
        }
        budget.spend();
        const p = auto.sources.push(n.source) - 1;
        auto.literal.push(sets.literal(n.source));
        auto.outOf.push([]);
        auto.capacity.push(around);
        auto.splits.push(splits);
        const at: Ways = new Map([[p, 1]]);
        return { first: at, last: new Map(at), empty: 0, free: new Set([p]), emptyFree: false };
      }
      case 'zero':
        return { ...epsilon(), emptyFree: false };
      case 'group': {
        if (n.lookaround) return { ...epsilon(), emptyFree: false }; // its own repeats are checked on their own
        const parts = n.alternatives.map((alt) => alt.reduce((acc, m) => concat(acc, build(m, around, splits)), epsilon()));
        return {
          first: union(parts.map((p) => p.first)),
          last: union(parts.map((p) => p.last)),
          empty: cap(parts.reduce((sum, p) => sum + p.empty, 0)),
          free: joined(...parts.map((p) => p.free)),
          emptyFree: parts.some((p) => p.emptyFree),
        };
      }
      case 'repeat': {
        if (n.max === 0) return epsilon();
        const choice = bounded === 'loop' && (n.max > n.min || alsoLoops.has(n)) && n.max >= 2 && maxLength(n.node) < Infinity;
        const loop = n.max === Infinity || weight(n.node) * n.max > MAX_COPIED || choice;
        if (loop) {
          const reads = n.max === Infinity ? Infinity : n.max * maxLength(n.node);
          const outermost = around === 0 || reads === Infinity;
          const body = build(n.node, outermost ? reads : around, outermost ? waysThrough(n) : splits);
          link(body.last, body.first);
          // an extra repetition that matches nothing fails (ECMAScript), so skipping is the one empty way
          return { ...body, empty: n.min === 0 ? 1 : body.empty, emptyFree: n.min === 0 || body.emptyFree };
        }
        let part = epsilon();
        for (let k = 0; k < n.min; k++) part = concat(part, build(n.node, around, splits));
        // the optional rest nests, `(E(E)?)?`: `a{0,2}` reads one `a` one way, not two
        const optional = (k: number): Part => {
          if (k === 0) return epsilon();
          const inner = concat(build(n.node, around, splits), optional(k - 1));
          return { ...inner, empty: 1, emptyFree: true };
        };
        return concat(part, optional(n.max - n.min));
      }
    }
  };
  const part = build(node, looped ? Infinity : 0, looped ? Infinity : 0);
  if (looped) link(part.last, part.first);
  auto.first = part.first;
  auto.last = part.last;
  auto.free = part.free;
  return auto;
}

/** A node of the pair graph: two positions (`positions`) or two blocks. */
export interface PairNode { a: number; b: number; positions: boolean }

/**
 * The pair graph of `auto`, built as it is walked; `successors(id)` lists `[to, diverging]`: the step goes two different
 * ways between the same pair of positions. Each new pair (PAIR_STEPS) and each step listed spends the budget, which
 * bounds the graph (OverBudget, pattern-budget.ts).
 */
export function pairGraph(auto: Automaton, sets: CharSets): { node(a: number, b: number, positions: boolean): number; pair(id: number): PairNode; successors(id: number): [number, boolean][]; size(): number } {
  const count = auto.sources.length;
  const ids = new Map<number, number>();
  const pairs: PairNode[] = [];
  const out: ([number, boolean][] | undefined)[] = [];
  const { budget } = sets;
  const overlap = (p: number, r: number): boolean => {
    budget.spend();
    return p === r || sets.overlap(auto.sources[p]!, auto.sources[r]!);
  };
  const node = (a: number, b: number, positions: boolean): number => {
    const key = positions ? a * count + b : count * count + a * auto.blocks.length + b;
    let id = ids.get(key);
    if (id === undefined) {
      budget.spend(PAIR_STEPS);
      id = pairs.length;
      ids.set(key, id);
      pairs.push({ a, b, positions });
      out.push(undefined);
    }
    return id;
  };
  const successors = (id: number): [number, boolean][] => {
    const known = out[id];
    if (known !== undefined) return known;
    const { a, b, positions } = pairs[id]!;
    const list: [number, boolean][] = [];
    const add = (to: number, diverging: boolean): void => {
      budget.spend();
      list.push([to, diverging]);
    };
    if (positions) {
      for (const [x, wx] of auto.outOf[a]!) for (const [y] of auto.outOf[b]!) add(node(x, y, false), a === b && x === y && wx > 1);
    } else {
      const from = auto.blocks[a]!;
      const to = auto.blocks[b]!;
      for (const [p, wp] of from.to) {
        const emit = (r: number): void => {
          if (overlap(p, r)) add(node(p, r, true), a === b && p === r && wp > 1);
        };
        const char = auto.literal[p];
        if (char === undefined) for (const [r] of to.to) emit(r);
        else {
          for (const r of to.classes) emit(r);
          for (const r of to.literal.get(char) ?? []) emit(r);
        }
      }
    }
    out[id] = list;
    return list;
  };
  return { node, pair: (id) => pairs[id]!, successors, size: () => pairs.length };
}

function epsilon(): Part {
  return { first: new Map(), last: new Map(), empty: 1, free: new Set(), emptyFree: true };
}

function capTwo(ways: number): number {
  return Math.min(ways, 2);
}

function unionOf(all: readonly Ways[], cap: (ways: number) => number): Ways {
  const out: Ways = new Map();
  for (const ways of all) for (const [p, w] of ways) out.set(p, cap((out.get(p) ?? 0) + w));
  return out;
}

function scaleOf(ways: Ways, by: number, cap: (ways: number) => number): Ways {
  if (by === 0) return new Map();
  return by === 1 ? ways : new Map([...ways].map(([p, w]) => [p, cap(w * by)]));
}

/** One source for every character the group `node` can read (a back reference inside: anything), or undefined when it reads none. */
function readBy(node: PatternNode | undefined): string | undefined {
  const sources = new Set<string>();
  const collect = (n: PatternNode): void => {
    if (n.kind === 'char') sources.add(n.backReference ? '[\\s\\S]' : n.source);
    else if (n.kind === 'repeat') collect(n.node);
    else if (n.kind === 'group' && !n.lookaround) n.alternatives.forEach((alt) => alt.forEach(collect));
  };
  if (node === undefined) return '[\\s\\S]';
  collect(node);
  return sources.size === 0 ? undefined : `(?:${[...sources].join('|')})`;
}

/** How many one-character parts `node` has, bounded repeats counted out. */
function weight(node: PatternNode): number {
  if (node.kind === 'char') return 1;
  if (node.kind === 'zero' || (node.kind === 'group' && node.lookaround)) return 0;
  if (node.kind === 'group') return node.alternatives.reduce((sum, alt) => sum + alt.reduce((s, n) => s + weight(n), 0), 0);
  return weight(node.node) * (node.max === Infinity ? 1 : Math.min(node.max, MAX_COPIED + 1));
}

/** log2 of how many ways `node` can go through itself, whatever the text (Infinity with an unbounded repeat or a back reference). */
function waysThrough(node: PatternNode): number {
  if (node.kind === 'char') return node.backReference ? Infinity : 0;
  if (node.kind === 'zero' || (node.kind === 'group' && node.lookaround)) return 0;
  if (node.kind === 'group') return log2Sum(node.alternatives.map((alt) => alt.reduce((sum, n) => sum + waysThrough(n), 0)));
  if (node.max === Infinity) return Infinity;
  const body = waysThrough(node.node);
  const counts: number[] = [];
  for (let k = node.min; k <= node.max; k++) counts.push(k * body);
  return log2Sum(counts);
}

/** log2 of the sum of 2^x over `exponents`. */
function log2Sum(exponents: number[]): number {
  const top = Math.max(...exponents);
  if (top === Infinity || top === -Infinity) return top;
  return top + Math.log2(exponents.reduce((sum, x) => sum + 2 ** (x - top), 0));
}

/** How many characters `node` can read at most. */
export function maxLength(node: PatternNode): number {
  if (node.kind === 'char') return node.backReference ? Infinity : 1;
  if (node.kind === 'zero' || (node.kind === 'group' && node.lookaround)) return 0;
  if (node.kind === 'group') return Math.max(0, ...node.alternatives.map((alt) => alt.reduce((s, n) => s + maxLength(n), 0)));
  return node.max === 0 ? 0 : node.max * maxLength(node.node);
}
