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
 * The most characters that repeats splitting exponentially can read along one path through
 * `auto`: the positions in `ambiguous` (their (q, q) is on a cycle of pairs where two walks
 * part), each loop of them counted once at its largest capacity; `repeats`: how many loops.
 */
export function exponentialRead(auto: Automaton, ambiguous: readonly number[]): { characters: number; repeats: number } {
  if (ambiguous.length === 0) return { characters: 0, repeats: 0 };
  const { component } = componentsOf(auto);
  const count = auto.sources.length;
  const weight = new Map<number, number>();
  for (const q of ambiguous) weight.set(component[q]!, Math.max(weight.get(component[q]!) ?? 0, auto.capacity[q]!));
  const members: number[][] = [];
  component.forEach((c, v) => (members[c] ??= []).push(v));
  const best: { characters: number; repeats: number }[] = [];
  let worst = { characters: 0, repeats: 0 };
  // edges go to lower numbers, so every component's successors are done before it
  for (let c = 0; c < members.length; c++) {
    let next = { characters: 0, repeats: 0 };
    for (const v of members[c]!) {
      const out = v < count ? auto.outOf[v]!.map(([block]) => count + block) : auto.blocks[v - count]!.to.map(([p]) => p);
      for (const w of out) if (component[w] !== c && best[component[w]!]!.characters > next.characters) next = best[component[w]!]!;
    }
    const own = weight.get(c);
    best[c] = own === undefined ? next : { characters: next.characters + own, repeats: next.repeats + 1 };
    if (best[c]!.characters > worst.characters) worst = best[c]!;
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
