/**
 * Patterns that take polynomial time to fail (ReDoS of a lesser degree): `^\d+\d+\d+x` splits
 * n digits among three repeats in n^3/6 ways and V8 tries every split before it gives up (82 ms
 * on 843 digits, 3.5 s on 3,000). A pattern without `^` is tried from every start, one repeat
 * more: `\d+$` is quadratic. Measured in Node 22, a split costs about a nanosecond, so k repeats
 * in a row that can read the same characters take about L^k / k! ns on an argument of L
 * characters.
 *
 * The rule: a pattern is refused when that estimate passes 100 ms for L = the schema's
 * `maxLength`, or 10,000 characters when it has none (or a larger one). Two repeats (`\d+\d+x`,
 * `[a-z]+$`, `.*=.*`) take about 50 ms on 10,000 characters and stay; three or more are
 * refused, unless `maxLength` keeps them short (`^\d+\d+\d+x` up to 840 characters, four repeats
 * up to 220). A repeat with a bounded count reads at most that much (`[a-z]{1,64}`), which caps
 * its splits. Bounded repeats that split exponentially within their bound are refused too, when
 * they can read over 24 characters (2^24 splits) one after the other (pattern-loops.ts), and go
 * through their bodies in over 2^24 ways whatever the text (`^(\d{1,3}){9}x` reads 27 digits in
 * 3^9 ways: 0.1 ms; `^([a-z]{1,8}){9}x` 72 letters in 8^9 = 2^27: 583 ms): a
 * choice of count over a repeat (`(\d{1,16}){1,16}x`: over 20 s on 50 digits), a choice of count
 * or an exact one over a body that can read a text two ways (`^(a|a){30}$`: 640 ms on 24 `a`s and
 * a `b`, doubling with each `a`), or several such repeats in turn (`^(a|a){12}(a|a){13}$`).
 * Parts written out in turn split a text the same way (`^(a|a)(a|a)…(a|a)b$`, pattern-paths.ts);
 * those ways multiply the splits of bounded repeats, the starts tried without `^`
 * (`(a|a){12}b`: 307 ms on 10,000 `a`s), the splits of repeats in a row after them
 * (`^(a|a)(a|a)\d+\d+x`) and the tries of a lookaround that splits a text itself.
 *
 * How: bounded repeats with a choice of count, and exact counts of a body that can split a text
 * two ways (pattern-ambiguity.ts), become loops in the pattern's automaton
 * (pattern-automaton.ts); exact counts of other bodies (`[a-f0-9]{64}`, `(\d{1,3}\.){3}`) stay
 * copied out, so they add no repeat to a chain. Two loops are "in a row" when some text can go
 * round the first, from the first to the second and round the second (pairs of states walking
 * the same text); the longest such chain gives k. Each lookaround is checked as a pattern of its
 * own, tried at each start unless only `^` (and other lookarounds) come before it: `^(?=.*\d)`
 * runs once, `X(?=.*\d.*[a-z])` after each `X` (330 ms on 1,000 `X1`s). A pattern past the
 * analysis budget is refused (`^\w*` 40 times and an `x`); none of the real specs' patterns comes
 * near it.
 */
import { buildAutomaton, pairGraph, type Automaton } from './pattern-automaton.js';
import { Budget, OverBudget } from './pattern-budget.js';
import { ambiguousExactRepeats, ambiguousPositions } from './pattern-ambiguity.js';
import { charSets } from './pattern-char-sets.js';
import { exponentialRead, loopsOf } from './pattern-loops.js';
import { pathsInTurn } from './pattern-paths.js';
import { canBeSkipped, hasChoice, hasRepeat } from './pattern-shape.js';
import { parsePattern, TooDeep, type PatternNode } from './pattern-parse.js';

/** Arguments are estimated at this length when the schema sets no shorter `maxLength`. */
export const ASSUMED_LENGTH = 10_000;
/** Estimated time above which a pattern is refused, in nanoseconds. */
const SLOW_NS = 100e6;
/** Bounded repeats that split exponentially are refused past this many characters (2^24 splits). */
const MAX_EXPONENTIAL_READ = 24;
/**
 * Parts in turn that split a text (pattern-paths.ts) are refused past this many tries: written out, a try cost 0.2-0.9 ns
 * (`(a|aa)(a|a)…`, `[a-z]{1,64}…`), and up to 4 ns with parts that can match empty (`(a?|a?|a{0,2})…`), which the
 * engine goes through and back without reading.
 */
const MAX_TRIES = SLOW_NS / 1;
const MAX_TRIES_WITH_EMPTY = SLOW_NS / 4;
/** log2 of the steps past which parts in turn are refused whatever else (pattern-paths.ts stops there). */
const ENOUGH = 40;

/** The end of the warning for a pattern that `polynomialBacktracking` found a `reason` in (after `"pattern" "…"`). */
export function slowWarning(reason: string): string {
  return `can take too long to match (${reason}: one argument could stall the server); ignored`;
}

/** Why `pattern` (valid under the `u` flag, not exponential) takes over 100 ms to fail on an argument of `maxLength` (at most 10,000) characters, or undefined. */
export function polynomialBacktracking(pattern: string, maxLength?: unknown, budget: Budget = new Budget()): string | undefined {
  // No repeat and no `|`, or one repeat whose body holds no choice (no `|`, no other quantifier), and no
  // back reference: nothing splits a text two ways, and the one repeat with the search from each start
  // stays under the limit (see above). Such patterns are most real ones (Stripe's literal
  // `^/v1/...` URLs, `^sha256:[a-f0-9]{64}$`), and the analysis below takes 0.1-1 ms a pattern.
  // Counted on the text: `*+?{` and `|` also stand in classes and escapes, which only sends more
  // patterns to the analysis. (`^(a|a){1,30}$` has one quantifier and splits 2^30 ways.)
  if (withoutSplits(pattern)) return undefined;
  const length = typeof maxLength === 'number' && Number.isInteger(maxLength) && maxLength >= 0 ? Math.min(maxLength, ASSUMED_LENGTH) : ASSUMED_LENGTH;
  return slowOn(pattern, length, budget);
}

/**
 * Why `pattern` takes over 100 ms to fail on `length` characters, or undefined: the analysis itself, with no shortcut and
 * no cap on the length. Throws OverBudget once it has spent `budget` (pattern-budget.ts); a verdict known from an earlier
 * call costs the steps it cost then, so what a pattern spends never depends on what came before it.
 */
export function slowOn(pattern: string, length: number, budget: Budget = new Budget()): string | undefined {
  const key = `${budget.remaining}:${length}:${pattern}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    const own = new Budget(budget.remaining);
    try {
      verdict = { reason: analyse(pattern, length, own), steps: own.steps };
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      verdict = { reason: undefined, steps: own.steps }; // past the remaining steps: spending them throws again
    }
    verdicts.set(key, verdict);
  }
  budget.spend(verdict.steps);
  return verdict.reason;
}

const QUANTIFIER_CHARACTERS = /[*+?{]/g;
const BACK_REFERENCE = /\\(?:[1-9]|k<)/;

/** Whether the text of `pattern` has at most one of `*+?{`, no `|` and no back reference (see polynomialBacktracking). */
export function withoutSplits(pattern: string): boolean {
  if (BACK_REFERENCE.test(pattern) || pattern.includes('|')) return false; // `(a|a)(a|a)…` splits too
  QUANTIFIER_CHARACTERS.lastIndex = 0;
  return !QUANTIFIER_CHARACTERS.test(pattern) || !QUANTIFIER_CHARACTERS.test(pattern);
}

/** Verdicts by length and pattern: specs repeat their patterns over many schemas; cleared past this many. */
const MAX_VERDICTS = 10_000;
const verdicts = new Map<string, { reason: string | undefined; steps: number }>();

function analyse(pattern: string, length: number, budget: Budget): string | undefined {
  let root: PatternNode;
  try {
    root = parsePattern(pattern);
  } catch (error) {
    if (error instanceof TooDeep) return undefined;
    throw error;
  }
  const anchored = root.kind === 'group' && root.alternatives.every((alt) => alt[0]?.kind === 'zero' && alt[0].start === true);
  const outer = analyseTree(root, anchored, length, SEARCHED, budget);
  if (outer.reason !== undefined) return outer.reason;
  // A lookaround is a pattern of its own, tried once where `^` comes just before it (`^(?=.*\d)`), else at
  // any start, and once for each way what comes before it splits the text (`^(a|a){12}(?=(a|a){12}b)`:
  // 2^12 ways in front, each trying the lookaround's 2^12, 112 ms on 24 `a`s and a `c`); the loops in front
  // of a lookaround (`x*(?=y)`) are not counted.
  for (const { node, once } of lookarounds(root)) {
    const own = analyseTree({ kind: 'group', lookaround: false, alternatives: node.alternatives }, once, length, TRIED, budget, once ? 0 : outer.exponent);
    if (own.reason !== undefined) return `in a lookaround, ${own.reason}`;
  }
  return undefined;
}

type Group = Extract<PatternNode, { kind: 'group' }>;

/** The lookarounds in `root`, at any depth; `once`: one that only zero-width parts after a `^` come before. */
function lookarounds(root: PatternNode): { node: Group; once: boolean }[] {
  const found: { node: Group; once: boolean }[] = [];
  const walk = (n: PatternNode): void => {
    if (n.kind === 'repeat') walk(n.node);
    if (n.kind !== 'group') return;
    if (n.lookaround && !found.some((f) => f.node === n)) found.push({ node: n, once: false });
    n.alternatives.forEach((alt) => alt.forEach(walk));
  };
  walk(root);
  if (root.kind === 'group') {
    for (const alt of root.alternatives) {
      if (alt[0]?.kind !== 'zero' || alt[0].start !== true) continue;
      for (const n of alt.slice(1)) {
        if (n.kind === 'zero') continue;
        if (n.kind !== 'group' || !n.lookaround) break;
        const entry = found.find((f) => f.node === n);
        if (entry !== undefined) entry.once = true;
      }
    }
  }
  return found;
}

const SEARCHED = ', counting the search from each start (no ^)';
const TRIED = ', counting each start it is tried at';

/**
 * Why `root` is too slow, or undefined; `anchored`: it is tried at one start only, else `searched` says at which in the
 * reason. `exponent`: log2 of the ways `root` can split one text (bounded repeats that split exponentially, parts in
 * turn); `before`, for a lookaround: that of the pattern around it, which tries it once for each of those ways.
 */
function analyseTree(root: PatternNode, anchored: boolean, length: number, searched: string, budget: Budget, before = 0): { reason?: string; exponent: number } {
  // Without `^` the engine tries each start in turn: a loop over any character in front.
  const tried: PatternNode = anchored ? root : { kind: 'group', lookaround: false, alternatives: [[{ kind: 'repeat', node: { kind: 'char', source: '[\\s\\S]', backReference: false }, min: 0, max: Infinity }, root]] };
  const sets = charSets(budget);
  const where = anchored ? '' : searched;
  // with no repeat (nor back reference) out of lookarounds, only the parts in turn can split a text
  const repeated = hasRepeat(root);
  const exact = repeated ? ambiguousExactRepeats(root, sets) : new Set<PatternNode>();
  const auto = repeated ? buildAutomaton(tried, sets, false, 'loop', exact) : undefined;
  const exponential = auto === undefined ? { exponent: 0, characters: 0, repeats: 0 } : exponentialRead(auto, ambiguousPositions(auto, sets));
  const repeats = `${exponential.repeats > 1 ? `${exponential.repeats} bounded repeats in turn` : 'a bounded repeat'} that can split ${exponential.characters} characters in exponentially many ways`;
  if (exponential.exponent > MAX_EXPONENTIAL_READ) return { exponent: Infinity, reason: repeats };
  // the parts that are not repeats multiply those splits (pattern-paths.ts), and so do the starts tried and, for a
  // lookaround that splits a text itself, the ways in front (one that does not costs about a step a try)
  const paths = pathsInTurn(root, sets, length, { loops: exact, enough: 2 ** ENOUGH });
  const inTurn = Math.log2(paths.most);
  const exponent = exponential.exponent + inTurn;
  const front = exponent >= 1 ? before : 0;
  const starts = anchored ? 0 : Math.log2(length);
  // a counted repeat's split costs about 6 ns (2^24: 100 ms), a try of parts written out up to 4 ns; alone, parts in
  // turn are walked with bounded repeats copied out, which then split the text with them (`(a|aa)(a{1,3}|aaa)…`)
  const alone = exponential.exponent > 0 || front > 0 ? undefined : hasChoice(root) ? pathsInTurn(root, sets, length, { loops: exact, copyBounded: true, enough: 2 ** ENOUGH }) : paths;
  const tries = alone === undefined ? 0 : Math.log2(alone.work) + starts;
  const tooMany = alone === undefined ? exponent + front + starts > MAX_EXPONENTIAL_READ : tries > Math.log2(canBeSkipped(root) ? MAX_TRIES_WITH_EMPTY : MAX_TRIES);
  if (tooMany) {
    const walked = alone ?? paths;
    const about = walked.work > 2 ** ENOUGH ? 'at least' : 'about';
    const ways = Math.log2(walked.most);
    const parts = [ways >= 1 ? `parts in turn that can read one text in ${about} 2^${Math.round(ways)} ways` : '', exponential.characters > 0 ? repeats : ''];
    const inFront = front >= 1 ? `, tried for each of about 2^${Math.round(front)} ways the pattern around it splits the text` : '';
    return { exponent, reason: `${parts.filter((s) => s !== '').join(' and ')}${inFront}${where}` };
  }
  // repeats in a row after parts that split the text: each way tries every split of the repeats again
  if (auto === undefined) return { exponent };
  const chain = worstChain(auto, sets, length);
  const ways = chain.loops >= 2 ? inTurn + before : 0;
  const estimate = chain.estimate * 2 ** ways;
  if (estimate <= SLOW_NS) return { exponent };
  const seconds = estimate / 1e9;
  const time = seconds >= 3600 ? 'over an hour' : seconds >= 1 ? `about ${Math.round(seconds)} s` : `about ${Math.round(seconds * 1000)} ms`;
  const each = ways >= 1 ? `, after parts that split the text about 2^${Math.round(ways)} ways` : '';
  return { exponent, reason: `${chain.loops} repeats in a row that can read the same characters${each}${where}: ${time} on ${length} characters` };
}

/** The chain of loops in a row with the largest estimated time (ns) on `length` characters. */
function worstChain(auto: Automaton, sets: ReturnType<typeof charSets>, length: number): { loops: number; estimate: number } {
  const component = loopsOf(auto);
  const members = new Map<number, number[]>();
  component.forEach((c, p) => {
    if (c >= 0) members.set(c, [...(members.get(c) ?? []), p]);
  });
  // A loop after which the match can end (`\d+(-.*)?` without `$`) ends the search there: it succeeds.
  const loops = [...members.keys()].filter((c) => !members.get(c)!.some((p) => auto.free.has(p)));
  const graph = pairGraph(auto, sets);
  const reach = (from: number[]): Set<number> => {
    const seen = new Set(from);
    const queue = [...from];
    while (queue.length > 0) {
      for (const [w] of graph.successors(queue.pop()!)) {
        sets.budget.spend();
        if (!seen.has(w)) seen.add(w), queue.push(w);
      }
    }
    return seen;
  };
  // next.get(S): the loops T in a row after S (some text goes round S, from S to T, round T).
  const next = new Map<number, number[]>();
  for (const s of loops) {
    const mine = members.get(s)!;
    const fromSame = reach(mine.map((p) => graph.node(p, p, true)));
    const linked = loops.filter((t) => {
      sets.budget.spend(mine.length * members.get(t)!.length);
      return t !== s && mine.some((p) => members.get(t)!.some((q) => fromSame.has(graph.node(p, q, true))));
    });
    if (linked.length === 0) continue;
    // one walk from all the links (a link to one loop that leads round another counts too: more, never fewer)
    const after = reach(linked.flatMap((t) => mine.flatMap((p) => members.get(t)!.map((q) => graph.node(p, q, true)))).filter((id) => fromSame.has(id)));
    next.set(s, linked.filter((t) => members.get(t)!.some((q) => after.has(graph.node(q, q, true)))));
  }
  const capacityOf = (c: number): number => Math.min(Math.max(...members.get(c)!.map((p) => auto.capacity[p]!)) + 1, length);
  // longest.get(c)[k]: the most splits a chain of k + 1 loops from c allows by their bounds
  const longest = new Map<number, number[]>();
  const chainsFrom = (c: number): number[] => {
    let known = longest.get(c);
    if (known !== undefined) return known;
    longest.set(c, [capacityOf(c)]); // a cycle of loops cannot be (they would be one); this stops one anyway
    known = [capacityOf(c)];
    for (const t of next.get(c) ?? []) {
      chainsFrom(t).forEach((splits, k) => {
        known![k + 1] = Math.max(known![k + 1] ?? 0, capacityOf(c) * splits);
      });
    }
    longest.set(c, known);
    return known;
  };
  let worst = { loops: 0, estimate: length }; // no chain of two: under the limit whatever it is
  for (const c of loops) {
    // L^k / k! splits when every loop can read the whole argument; fewer when their bounds are short
    let combinations = 1;
    sets.budget.spend(chainsFrom(c).length);
    chainsFrom(c).forEach((splits, k) => {
      combinations = (combinations * length) / (k + 1);
      const estimate = Math.min(combinations, splits);
      if (estimate > worst.estimate) worst = { loops: k + 1, estimate };
    });
  }
  return worst;
}
