/**
 * Whether the body of a group repeated without bound can match some text in two different ways
 * that both return to one point of the pattern: then n repetitions can split in 2^n ways and a
 * backtracking engine tries them all (exponential degree of ambiguity). Used by the backtracking
 * check (pattern-backtracking.ts) and the polynomial one (pattern-polynomial.ts).
 *
 * Two copies of the body's automaton (pattern-automaton.ts) walk the same text together: the body
 * is ambiguous when some pair (q, q) lies on a cycle of pairs that also goes through two different
 * states, or two different ways between the same ones. That cycle is the two matches.
 */
import { buildAutomaton, maxLength, pairGraph, type Automaton } from './pattern-automaton.js';
import type { CharSets } from './pattern-char-sets.js';
import type { PatternNode } from './pattern-parse.js';

/**
 * The repeats of `root` with an exact count (`{n}`, n >= 2, of a body that reads a bounded
 * length) whose body, repeated, can split a text two ways: `(a|a){30}`, `(a?a){30}`,
 * `((a|a)b){30}` read 30 repetitions in 2^30 ways (or, for `a?a`, about 1.6^n), as `{1,30}`
 * does. Outside lookarounds (the polynomial check does not look into them). A body with no
 * group is one character (`[a-f0-9]{64}`): nothing to split. Throws OverBudget once the
 * analysis has spent the pattern's budget (`sets.budget`, pattern-budget.ts).
 */
export function ambiguousExactRepeats(root: PatternNode, sets: CharSets): Set<PatternNode> {
  const found = new Set<PatternNode>();
  const walk = (n: PatternNode): void => {
    if (n.kind === 'group' && !n.lookaround) n.alternatives.forEach((alt) => alt.forEach(walk));
    if (n.kind !== 'repeat') return;
    walk(n.node);
    if (n.min !== n.max || n.max < 2 || n.node.kind !== 'group' || maxLength(n.node) === Infinity) return;
    if (bodyAmbiguity(n.node, sets) !== 'none') found.add(n);
  };
  walk(root);
  return found;
}

export type Ambiguity = 'none' | 'same-start' | 'two-ways' | 'elsewhere';

/**
 * Whether the body `node` of an unbounded repeat can split a text in two ways: `two-ways` (two
 * ways from one character to the next), `same-start` (two starts of the body read the same
 * character), `elsewhere`, or `none`. Throws OverBudget past the budget (pattern-budget.ts).
 */
export function bodyAmbiguity(node: PatternNode, sets: CharSets): Ambiguity {
  return exponentialAmbiguity(buildAutomaton(node, sets, true, 'copy'), sets).ambiguity;
}

/** The ambiguity of `auto` as `bodyAmbiguity` says, and a position (q, q) of a cycle that shows it (-1 for none). */
export function exponentialAmbiguity(auto: Automaton, sets: CharSets): { ambiguity: Ambiguity; at: number } {
  const { graph, component } = pairComponents(auto, sets);
  // A component with some (q, q) in it and a step where the two walks part.
  const same = new Map<number, number>();
  for (let v = 0; v < graph.size(); v++) {
    const { a, b, positions } = graph.pair(v);
    if (positions && a === b) same.set(component[v]!, a);
  }
  const starts = auto.first;
  let found: { ambiguity: Ambiguity; at: number } = { ambiguity: 'none', at: -1 };
  for (let v = 0; v < graph.size(); v++) {
    const c = component[v]!;
    const at = same.get(c);
    if (at === undefined) continue;
    for (const [w, diverging] of graph.successors(v)) if (diverging && component[w] === c) return { ambiguity: 'two-ways', at };
    const { a, b, positions } = graph.pair(v);
    if (a !== b && found.ambiguity !== 'same-start') {
      found = { ambiguity: positions && starts.has(a) && starts.has(b) ? 'same-start' : 'elsewhere', at };
    }
  }
  return found;
}

/** Every position q of `auto` whose (q, q) lies on a cycle of pairs where the two walks part, as `exponentialAmbiguity` finds one. */
export function ambiguousPositions(auto: Automaton, sets: CharSets): number[] {
  const { graph, component } = pairComponents(auto, sets);
  const parting = new Set<number>();
  for (let v = 0; v < graph.size(); v++) {
    const c = component[v]!;
    const { a, b } = graph.pair(v);
    if (a !== b || graph.successors(v).some(([w, diverging]) => diverging && component[w] === c)) parting.add(c);
  }
  return auto.sources.map((_, q) => q).filter((q) => parting.has(component[graph.node(q, q, true)]!));
}

/** The pair graph of `auto` walked from every (q, q), with the strongly connected component of each of its nodes. */
function pairComponents(auto: Automaton, sets: CharSets): { graph: ReturnType<typeof pairGraph>; component: number[] } {
  const graph = pairGraph(auto, sets);
  // Tarjan's strongly connected components, iteratively, from every (q, q).
  const index: number[] = [];
  const low: number[] = [];
  const onStack: boolean[] = [];
  const stack: number[] = [];
  const component: number[] = [];
  let counter = 0;
  let components = 0;
  const open = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
  };
  const visit = (root: number): void => {
    const work: [number, number][] = [[root, 0]];
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, i] = frame;
      const out = graph.successors(v);
      if (i < out.length) {
        frame[1]++;
        const w = out[i]![0];
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
  for (let q = 0; q < auto.sources.length; q++) {
    const id = graph.node(q, q, true);
    if (index[id] === undefined) visit(id);
  }
  return { graph, component };
}
