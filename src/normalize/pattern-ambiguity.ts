/**
 * Whether the body of a group repeated without bound can match some text in two different ways
 * that both return to one point of the pattern: then n repetitions can split in 2^n ways and a
 * backtracking engine tries them all (exponential degree of ambiguity). Used by the backtracking
 * check (pattern-backtracking.ts).
 *
 * The body becomes a position automaton (one state per one-character part, bounded repeats
 * copied out, up to a size), whose transitions remember how many ways the pattern produces them:
 * `(a+)+` goes from `a` to `a` by the inner `+` or by the outer one, `(a*b*)*` from `a` to `b`
 * inside one repetition or across two. Transitions come in blocks (every end of one part to every
 * start of the next), kept as blocks so a long alternation stays linear. Then two copies of the
 * automaton walk the same text together (pairs of states whose characters overlap): the body is
 * ambiguous when some pair (q, q) lies on a cycle of pairs that also goes through two different
 * states, or through two different ways between the same ones. That cycle is the two matches.
 */
import type { CharSets } from './pattern-char-sets.js';
import type { PatternNode } from './pattern-parse.js';

/** A bounded repeat copied out to more positions than this counts as unbounded (sound: more ways, never fewer). */
const MAX_COPIED = 256;
/** Pairs of states looked at, at most, before the body counts as ambiguous (too complex to check). */
const MAX_PAIRS = 200_000;
const MAX_STEPS = 4_000_000;

export class TooComplex extends Error {}

/** Positions with how many ways lead there (1 or 2: more counts as 2). */
type Ways = Map<number, number>;
interface Part { first: Ways; last: Ways; empty: number }
interface Block { to: [number, number][]; literal: Map<string, number[]>; classes: number[] }

export type Ambiguity = 'none' | 'same-start' | 'two-ways' | 'elsewhere';

/**
 * Whether the body `node` of an unbounded repeat can split a text in two ways: `two-ways` (two
 * ways from one character to the next), `same-start` (two starts of the body read the same
 * character), `elsewhere`, or `none`. Throws TooComplex past the budget.
 */
export function bodyAmbiguity(node: PatternNode, sets: CharSets): Ambiguity {
  const sources: string[] = [];
  const literal: (string | undefined)[] = [];
  const blocks: Block[] = [];
  const outOf: [number, number][][] = [];
  const link = (last: Ways, first: Ways): void => {
    if (last.size === 0 || first.size === 0) return;
    const block: Block = { to: [...first], literal: new Map(), classes: [] };
    for (const [p] of block.to) {
      const char = literal[p];
      if (char === undefined) block.classes.push(p);
      else block.literal.set(char, [...(block.literal.get(char) ?? []), p]);
    }
    const index = blocks.push(block) - 1;
    for (const [p, ways] of last) outOf[p]!.push([index, ways]);
  };
  const build = (n: PatternNode): Part => {
    switch (n.kind) {
      case 'char': {
        if (n.backReference) {
          // what the group read, one way; empty too, as it is before the group takes part
          const chars = readBy(n.group);
          if (chars === undefined) return epsilon();
          return build({ kind: 'repeat', node: { kind: 'char', source: chars, backReference: false }, min: 0, max: Infinity });
        }
        const p = sources.push(n.source) - 1;
        literal.push(sets.literal(n.source));
        outOf.push([]);
        const at: Ways = new Map([[p, 1]]);
        return { first: at, last: new Map(at), empty: 0 };
      }
      case 'zero':
        return epsilon();
      case 'group': {
        if (n.lookaround) return epsilon(); // its own repeats are checked on their own
        const parts = n.alternatives.map((alt) => alt.reduce((acc, m) => concat(acc, build(m)), epsilon()));
        return { first: union(parts.map((p) => p.first)), last: union(parts.map((p) => p.last)), empty: cap(parts.reduce((sum, p) => sum + p.empty, 0)) };
      }
      case 'repeat': {
        if (n.max === 0) return epsilon();
        if (n.max === Infinity || weight(n.node) * n.max > MAX_COPIED) {
          const body = build(n.node);
          link(body.last, body.first);
          // an extra repetition that matches nothing fails (ECMAScript), so skipping is the one empty way
          return { first: body.first, last: body.last, empty: n.min === 0 ? 1 : body.empty };
        }
        let part = epsilon();
        for (let k = 0; k < n.min; k++) part = concat(part, build(n.node));
        // the optional rest nests, `(E(E)?)?`: `a{0,2}` reads one `a` one way, not two
        const optional = (k: number): Part => {
          if (k === 0) return epsilon();
          const inner = concat(build(n.node), optional(k - 1));
          return { ...inner, empty: 1 };
        };
        return concat(part, optional(n.max - n.min));
      }
    }
  };
  const concat = (a: Part, b: Part): Part => {
    link(a.last, b.first);
    return { first: union([a.first, scale(b.first, a.empty)]), last: union([b.last, scale(a.last, b.empty)]), empty: cap(a.empty * b.empty) };
  };
  const body = build(node);
  link(body.last, body.first);
  const starts = new Set(body.first.keys());
  return search(sources.length, literal, blocks, outOf, (p, r) => sets.overlap(sources[p]!, sources[r]!), starts);
}

function search(
  count: number,
  literal: readonly (string | undefined)[],
  blocks: readonly Block[],
  outOf: readonly (readonly [number, number][])[],
  overlap: (p: number, r: number) => boolean,
  starts: ReadonlySet<number>,
): Ambiguity {
  // Nodes: pairs of positions (p, r), and pairs of blocks [X, Y] the two walks pass through.
  const ids = new Map<number, number>();
  const kind: number[] = []; // 0 same position, 1 different positions or blocks, 2 the same block
  const pair: [number, number, boolean][] = []; // (a, b, isPositionPair)
  const edges: number[][] = [];
  const flagged: boolean[][] = [];
  let steps = 0;
  const node = (a: number, b: number, positions: boolean): number => {
    const key = positions ? a * count + b : count * count + a * blocks.length + b;
    let id = ids.get(key);
    if (id === undefined) {
      id = kind.length;
      if (id >= MAX_PAIRS) throw new TooComplex();
      ids.set(key, id);
      kind.push(a === b ? (positions ? 0 : 2) : 1);
      pair.push([a, b, positions]);
      edges.push([]);
      flagged.push([]);
    }
    return id;
  };
  const expand = (id: number): void => {
    const [a, b, positions] = pair[id]!;
    const add = (to: number, flag: boolean): void => {
      if (++steps > MAX_STEPS) throw new TooComplex();
      edges[id]!.push(to);
      flagged[id]!.push(flag);
    };
    if (positions) {
      for (const [x, wx] of outOf[a]!) for (const [y] of outOf[b]!) add(node(x, y, false), a === b && x === y && wx > 1);
      return;
    }
    const from = blocks[a]!;
    const to = blocks[b]!;
    const emit = (p: number, r: number, wp: number): void => {
      if (p === r || overlap(p, r)) add(node(p, r, true), a === b && p === r && wp > 1);
    };
    for (const [p, wp] of from.to) {
      const char = literal[p];
      if (char === undefined) for (const [r] of to.to) emit(p, r, wp);
      else {
        for (const r of to.classes) emit(p, r, wp);
        for (const r of to.literal.get(char) ?? []) emit(p, r, wp);
      }
    }
  };
  // Tarjan's strongly connected components, iteratively, from every (q, q).
  const index: number[] = [];
  const low: number[] = [];
  const onStack: boolean[] = [];
  const stack: number[] = [];
  const component: number[] = [];
  let counter = 0;
  let components = 0;
  const visit = (root: number): void => {
    const work: [number, number][] = [[root, 0]];
    const open = (v: number): void => {
      index[v] = low[v] = counter++;
      stack.push(v);
      onStack[v] = true;
      expand(v);
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, i] = frame;
      const out = edges[v]!;
      if (i < out.length) {
        frame[1]++;
        const w = out[i]!;
        if (index[w] === undefined) {
          open(w);
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          component[w] = components;
        } while (w !== v);
        components++;
      }
    }
  };
  for (let q = 0; q < count; q++) {
    const id = node(q, q, true);
    if (index[id] === undefined) visit(id);
  }
  // A component with some (q, q) in it and a step where the two walks part.
  const hasSame = new Set<number>();
  for (let v = 0; v < kind.length; v++) if (kind[v] === 0) hasSame.add(component[v]!);
  let found: Ambiguity = 'none';
  for (let v = 0; v < kind.length; v++) {
    const c = component[v]!;
    if (!hasSame.has(c)) continue;
    const out = edges[v]!;
    for (let i = 0; i < out.length; i++) if (flagged[v]![i] && component[out[i]!] === c) return 'two-ways';
    if (kind[v] === 1 && found !== 'same-start') {
      const [a, b, positions] = pair[v]!;
      found = positions && starts.has(a) && starts.has(b) ? 'same-start' : 'elsewhere';
    }
  }
  return found;
}

function epsilon(): Part {
  return { first: new Map(), last: new Map(), empty: 1 };
}

function cap(ways: number): number {
  return Math.min(ways, 2);
}

function union(all: readonly Ways[]): Ways {
  const out: Ways = new Map();
  for (const ways of all) for (const [p, w] of ways) out.set(p, cap((out.get(p) ?? 0) + w));
  return out;
}

function scale(ways: Ways, by: number): Ways {
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
