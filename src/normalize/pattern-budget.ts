/**
 * The work the backtracking checks (pattern-backtracking.ts, pattern-polynomial.ts) may do on one
 * pattern, counted in steps, not time, so that a verdict never depends on how fast the machine is.
 * A step is one turn of an inner loop of the analysis: a state or a set of states of an automaton
 * built (pattern-automaton.ts), a transition followed, a pair of states compared, a position
 * walked (pattern-paths.ts), a loop compared with another; a new pair of states counts 4 (it
 * allocates), a comparison of two classes 32 (pattern-char-sets.ts). What is not counted is
 * linear in what is (strongly connected components over an automaton already built, sorting a
 * set already walked) or in the pattern's length (parsing). Measured in Node 22 a step costs
 * 60-300 ns, so the budget bounds the time: before it, `^(a|b)?…$` with 50 groups (300
 * characters, under the 200 quantifiers schema-pattern.ts lets through) took 0.6-1.1 s to
 * analyse, and a spec with thousands of such patterns stalled `generate` for minutes.
 */

/**
 * Steps one pattern's checks may take: 60-150 ms at most. The real specs' patterns take up to
 * 33,000 (readme.com's version paths), the well-known IPv6 pattern (8 alternatives of bounded
 * repeats) 310,000.
 */
export const PATTERN_STEPS = 500_000;

/** Thrown by {@link Budget.spend} once the budget is spent: the pattern is then dropped, not analysed further. */
export class OverBudget extends Error {}

export class Budget {
  /** Steps spent so far. */
  steps = 0;

  /** `reason`: what the warning for a pattern dropped on this budget says, if not {@link why}'s default. */
  constructor(
    readonly limit: number = PATTERN_STEPS,
    private readonly reason?: string,
  ) {}

  /** What the warning for a pattern dropped on this budget says (made only then: most patterns never need it). */
  get why(): string {
    return this.reason ?? `too complex to check in ${withCommas(this.limit)} steps`;
  }

  /** Counts `n` steps; throws {@link OverBudget} past the limit. */
  spend(n = 1): void {
    this.steps += n;
    if (this.steps > this.limit) throw new OverBudget();
  }

  get remaining(): number {
    return Math.max(0, this.limit - this.steps);
  }
}

/** `500000` as `500,000` (not toLocaleString, which costs milliseconds the first time). */
export function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
