/**
 * How many ways the parts of a pattern that are not repeats can read one text, for the
 * polynomial check (pattern-polynomial.ts). Written out, `^(a|a)(a|a)…(a|a)b$` (28 groups) splits
 * 28 `a`s in 2^28 ways and fails on them and a `c` after 127 ms in Node 22, as `^(a|a){28}$`
 * does; so does `^(a|aa)(a|aa)…` (26 groups: 107 ms on 39 `a`s and a `c`), where no group alone
 * reads a text two ways but the groups share the text out differently. `(a|ab)(a|ab)…` reads a
 * text one way only (0.2 ms on 30 `ab`s and a `d`).
 *
 * How: the pattern's automaton (pattern-automaton.ts, every way counted) with every repeat that
 * the polynomial check makes a loop (unbounded ones, choices of count, exact counts of an
 * ambiguous body) read as one character of its own (those loops are counted there), or with
 * bounded repeats copied out, walked over every text at once: for each step, the sets of
 * positions one text can reach, each with how many paths reach it. The most paths alive on one
 * text at one step multiply the other splits; the paths tried at each step, added up, are what a
 * failing text costs. Characters are the samples of pattern-char-sets.ts, grouped by which parts
 * match them (an overlap they miss is missed here too, as there). Sets past MAX_FRONTIER in a
 * step are merged, each position with its most paths: more ways, never fewer.
 */
import { buildAutomaton, maxLength, type Automaton } from './pattern-automaton.js';
import { baseMatches, sampleChars, type CharSets } from './pattern-char-sets.js';
import type { PatternNode } from './pattern-parse.js';

/** Sets of positions kept for one step; past this they are merged into one (each position with its most paths: more, never fewer). */
const MAX_FRONTIER = 32;

/** Positions, in order, with how many paths reach each. */
type Counts = [number, number][];

/**
 * `loops`: the exact counts the polynomial check makes loops (pattern-ambiguity.ts), read as one
 * character like unbounded repeats and choices of count; with `copyBounded`, every bounded repeat
 * is copied out instead (then the ways count the splits of those repeats too). `enough`: see below.
 */
export interface PathsOptions { loops: ReadonlySet<PatternNode>; copyBounded?: boolean; enough?: number }

/**
 * How `root` splits one text of at most `length` characters, the repeats in `loops` (and unbounded
 * ones, and choices of count) read as one character of their own: `most`, the most paths one text
 * keeps alive at once; `work`, the steps a failing text costs (each step's most paths tried, added
 * up: a path that fails on the next character costs a try too).
 * Once `work` passes `enough`, the walk stops there (both are then at least what they say).
 */
export function pathsInTurn(root: PatternNode, sets: CharSets, length: number, options: PathsOptions): { most: number; work: number } {
  const walked = loopsAsCharacters(root, options);
  const enough = options.enough ?? Infinity;
  const auto = buildAutomaton(walked, sets, false, 'copy', new Set(), true);
  if (!branches(auto, sets)) return { most: 1, work: 1 };
  const { budget } = sets; // a step: a sample tried, a position reached or kept; it bounds the walk (pattern-budget.ts)
  const all = [...new Set(auto.sources)];
  const distinct = all.filter((source) => !source.startsWith(LOOP));
  const indexOf = new Map([...distinct, ...all.filter((source) => source.startsWith(LOOP))].map((source, i) => [source, i]));
  const sourceOf = auto.sources.map((source) => indexOf.get(source)!);
  // one class per set of sources some sample matches; for each source, the classes it matches
  const classes = new Set<string>();
  const classesOf: number[][] = all.map(() => []);
  // a literal matches its character only: looked up, not tried (most sources are literals)
  const literalAt = new Map<string, number[]>();
  const others: number[] = [];
  distinct.forEach((source, i) => {
    const char = sets.literal(source);
    if (char === undefined) others.push(i);
    else literalAt.set(char, [...(literalAt.get(char) ?? []), i]);
  });
  const bits = others.map((i) => baseMatches(distinct[i]!, sets));
  const samples = sampleChars(distinct);
  for (let k = 0; k < samples.length; k++) {
    budget.spend(1 + others.length);
    const char = samples[k]!;
    const literals = literalAt.get(char) ?? [];
    const hit = (j: number): boolean => (k < bits[j]!.length ? bits[j]![k] === 1 : sets.matches(distinct[others[j]!]!, char));
    const matched = others.length === 0 ? literals : [...literals, ...others.filter((_, j) => hit(j))].sort((x, y) => x - y);
    if (matched.length === 0) continue;
    const key = matched.length === 1 ? String(matched[0]) : matched.join(',');
    if (classes.has(key)) continue;
    for (const i of matched) classesOf[i]!.push(classes.size);
    classes.add(key);
  }
  for (let i = distinct.length; i < all.length; i++) classesOf[i]!.push(classes.size + i); // each loop's own class
  // for each position (and the start, last), the positions one step on with how many ways
  const count = auto.sources.length;
  const step = (to: Iterable<[number, number]>, ways: number, into: Map<number, number>): void => {
    for (const [q, w] of to) into.set(q, (into.get(q) ?? 0) + ways * w);
  };
  const onward = auto.outOf.map((out) => {
    const into = new Map<number, number>();
    for (const [block, ways] of out) {
      budget.spend(auto.blocks[block]!.to.length);
      step(auto.blocks[block]!.to, ways, into);
    }
    return [...into];
  });
  const first = new Map<number, number>();
  step(auto.first, 1, first);
  onward.push([...first]);
  const paths = new Float64Array(count);
  let frontier: Counts[] = [[[count, 1]]];
  let most = 1;
  let work = 0;
  // what is left reads a bounded length (a copy too large to copy out loops, reading more, never fewer)
  const steps = Math.min(length, maxLength(walked) + 1);
  // past `enough` steps the verdict is known: the rest would only cost time
  for (let at = 0; at < steps && frontier.length > 0 && work <= enough; at++) {
    const next = new Map<string, Counts>();
    let here = 0;
    let tries = 0;
    for (const counts of frontier) {
      // every position one step on, with the paths that reach it, then those each class of characters keeps
      const reached: number[] = [];
      for (const [p, n] of counts) {
        for (const [q, ways] of onward[p]!) {
          budget.spend();
          if (paths[q] === 0) reached.push(q);
          paths[q] = paths[q]! + n * ways;
        }
      }
      reached.sort((x, y) => x - y);
      // the engine tries each of those paths, matching or not
      let tried = 0;
      for (const q of reached) tried += paths[q]!;
      tries = Math.max(tries, tried);
      const kept = new Map<number, Counts>();
      for (const q of reached) {
        budget.spend(classesOf[sourceOf[q]!]!.length);
        for (const c of classesOf[sourceOf[q]!]!) {
          const entries = kept.get(c);
          if (entries === undefined) kept.set(c, [[q, paths[q]!]]);
          else entries.push([q, paths[q]!]);
        }
      }
      for (const q of reached) paths[q] = 0;
      for (const entries of kept.values()) {
        budget.spend(entries.length);
        let total = 0;
        for (const [, n] of entries) total += n;
        here = Math.max(here, total);
        next.set(entries.length === 1 ? `${entries[0]![0]}:${entries[0]![1]}` : entries.join(';'), entries);
      }
    }
    most = Math.max(most, here);
    work += tries;
    frontier = [...next.values()];
    if (frontier.length > MAX_FRONTIER) {
      for (const counts of frontier) budget.spend(counts.length);
      frontier = [merged(frontier)];
    }
  }
  return { most, work };
}

/** The start of the source of a character that stands for a loop, one per loop: nothing else reads it, so it adds no way to split a text. */
const LOOP = '<loop ';

/** `node` with each repeat in `loops`, unbounded or with a choice of count, and each back reference, read as one LOOP character. */
function loopsAsCharacters(node: PatternNode, options: PathsOptions, count = { loops: 0 }): PatternNode {
  const loop = (): PatternNode => ({ kind: 'char', source: `${LOOP}${count.loops++}>`, backReference: false });
  if (node.kind === 'group') return { ...node, alternatives: node.alternatives.map((alt) => alt.map((n) => loopsAsCharacters(n, options, count))) };
  if (node.kind === 'char' && node.backReference) return loop();
  if (node.kind !== 'repeat') return node;
  const looped = node.max === Infinity || (!options.copyBounded && (options.loops.has(node) || (node.max > node.min && node.max >= 2 && maxLength(node.node) < Infinity)));
  return looped ? loop() : { ...node, node: loopsAsCharacters(node.node, options, count) };
}

/** Whether some position (or the start) leads to two positions that can read the same character, or to one in two ways. */
function branches(auto: Automaton, sets: CharSets): boolean {
  const check = (to: [number, number][]): boolean => {
    for (let i = 0; i < to.length; i++) {
      sets.budget.spend(to.length - i);
      if (to[i]![1] > 1) return true;
      for (let j = i + 1; j < to.length; j++) if (sets.overlap(auto.sources[to[i]![0]]!, auto.sources[to[j]![0]]!)) return true;
    }
    return false;
  };
  if (check([...auto.first])) return true;
  return auto.outOf.some((out) => out.some(([, ways]) => ways > 1) || check(out.flatMap(([block]) => auto.blocks[block]!.to)));
}

/** One set with each position's most paths among `all`. */
function merged(all: Counts[]): Counts {
  const out = new Map<number, number>();
  for (const counts of all) for (const [q, n] of counts) out.set(q, Math.max(out.get(q) ?? 0, n));
  return [...out].sort((x, y) => x[0] - y[0]);
}
