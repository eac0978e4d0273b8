/**
 * The loops of a pattern's automaton (pattern-automaton.ts), for the polynomial check
 * (pattern-polynomial.ts): which positions loop together, and how many characters the
 * repeats that split exponentially can read one after the other.
 *
 * Those multiply: `^(a|a){12}(a|a){13}$` fails on 24 `a`s and a `b` after 2^24 tries, as
 * `^(a|a){24}$` does (0.6 s each in Node 22), and so does `^(a|a){12}-(a|a){12}$`: when the
 * second fails, the engine goes back to try the next way of the first. So the reads of such
 * repeats that one match can go through in turn add up (repeats in different alternatives do
 * not: `(a|a){20}|(b|b){20}` tries 2^20 + 2^20 ways).
 */
import type { Automaton } from './pattern-automaton.js';

/**
 * How many ways, at most, repeats that split exponentially can split a text along one path
 * through `auto`: the positions in `ambiguous` (their (q, q) is on a cycle of pairs where two
 * walks part), each loop of them counted once at its largest. `exponent`: log2 of the ways, each
 * loop's the lesser of its capacity and its splits (`(\d{1,3}){9}` reads 27 characters but goes
 * through its body in 3^9 ways only); `characters`: what those loops read; `repeats`: how many.
 */
export function exponentialRead(auto: Automaton, ambiguous: readonly number[]): { exponent: number; characters: number; repeats: number } {
  const none = { exponent: 0, characters: 0, repeats: 0 };
  if (ambiguous.length === 0) return none;
  const { component } = componentsOf(auto);
  const count = auto.sources.length;
  const weight = new Map<number, { exponent: number; characters: number }>();
  for (const q of ambiguous) {
    const mine = { exponent: Math.min(auto.capacity[q]!, auto.splits[q]!), characters: auto.capacity[q]! };
    const known = weight.get(component[q]!);
    if (known === undefined || mine.exponent > known.exponent) weight.set(component[q]!, mine);
  }
  const members: number[][] = [];
  component.forEach((c, v) => (members[c] ??= []).push(v));
  const best: { exponent: number; characters: number; repeats: number }[] = [];
  let worst = none;
  // edges go to lower numbers, so every component's successors are done before it
  for (let c = 0; c < members.length; c++) {
    let next = none;
    for (const v of members[c]!) {
      const out = v < count ? auto.outOf[v]!.map(([block]) => count + block) : auto.blocks[v - count]!.to.map(([p]) => p);
      for (const w of out) if (component[w] !== c && best[component[w]!]!.exponent > next.exponent) next = best[component[w]!]!;
    }
    const own = weight.get(c);
    best[c] = own === undefined ? next : { exponent: next.exponent + own.exponent, characters: next.characters + own.characters, repeats: next.repeats + 1 };
    if (best[c]!.exponent > worst.exponent) worst = best[c]!;
  }
  return worst;
}

/** For each position, the strongly connected component it loops in, or -1 when it is on no cycle (positions and blocks as nodes). */
export function loopsOf(auto: Automaton): number[] {
  const { component, size } = componentsOf(auto);
  return component.slice(0, auto.sources.length).map((c) => (size[c]! > 1 ? c : -1));
}

/**
 * The strongly connected components of `auto` with positions and blocks as nodes (block `b` is
 * node `sources.length + b`), numbered as Tarjan's algorithm closes them: every edge between two
 * components goes to a lower number. `size`: how many nodes each has.
 */
function componentsOf(auto: Automaton): { component: number[]; size: number[] } {
  const count = auto.sources.length;
  const successors = (v: number): number[] => (v < count ? auto.outOf[v]!.map(([block]) => count + block) : auto.blocks[v - count]!.to.map(([p]) => p));
  const total = count + auto.blocks.length;
  const index = new Array<number>(total).fill(-1);
  const low = new Array<number>(total).fill(0);
  const onStack = new Array<boolean>(total).fill(false);
  const component = new Array<number>(total).fill(-1);
  const size: number[] = [];
  const stack: number[] = [];
  let counter = 0;
  for (let root = 0; root < total; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number[], number][] = [];
    const open = (v: number): void => {
      index[v] = low[v] = counter++;
      stack.push(v);
      onStack[v] = true;
      work.push([v, successors(v), 0]);
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, out, i] = frame;
      if (i < out.length) {
        frame[2]++;
        const w = out[i]!;
        if (index[w] === -1) open(w);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) low[work[work.length - 1]![0]] = Math.min(low[work[work.length - 1]![0]]!, low[v]!);
      if (low[v] === index[v]) {
        const id = size.push(0) - 1;
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          component[w] = id;
          size[id]!++;
        } while (w !== v);
      }
    }
  }
  return { component, size };
}
