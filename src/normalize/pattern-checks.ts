/**
 * The pattern checks of one run (one spec or manifest): {@link checkPattern} and
 * {@link needsLengthCap}, each distinct pattern checked once, all of them within one total of
 * steps (pattern-budget.ts). A pattern stops within its own 500,000 steps (about 150 ms), but a
 * spec with thousands of distinct patterns each just under that would still take minutes; so a
 * run may spend RUN_STEPS in all, 80 times what the 31 real specs' patterns take together
 * (125,000 steps, 81 of their 8,203 patterns taking any). Once the total is spent, each further
 * pattern gets FLOOR_STEPS, enough for the ordinary ones (`^[a-z0-9-]+$` takes 15, a date 317, an
 * e-mail address 684, a UUID 1,073), and one that needs more is dropped with a warning that says
 * why: 10,000 more distinct patterns then take a few seconds at most.
 *
 * The trade-off: while the total lasts (every real spec), a verdict depends on the pattern alone.
 * Once it is spent, which patterns were analysed before depends on the order the schemas are
 * converted in: the same for the same spec, but a spec with its operations reordered could keep
 * a different few. Sorting the patterns first would need a pass over every schema before the
 * conversion, a cost every spec would pay for a case only a crafted one reaches.
 */
import { Budget, PATTERN_STEPS, withCommas } from './pattern-budget.js';
import { needsLengthCap } from './pattern-length-cap.js';
import { checkPattern, type CheckedPattern } from './schema-pattern.js';

/** Steps all the pattern checks of one run may take: a few seconds at most. */
export const RUN_STEPS = 10_000_000;
/** Steps each pattern still gets once the run's total is spent. */
export const FLOOR_STEPS = 2_000;

export interface PatternChecks {
  /** {@link checkPattern}, within what is left of the run's steps. */
  check(pattern: string, maxLength?: unknown): CheckedPattern;
  /** {@link needsLengthCap}, within what is left of the run's steps. */
  needsLengthCap(pattern: string): boolean;
  /** Steps left of the run's total. */
  left(): number;
}

/** The checks of a new run, with `total` steps in all. */
export function patternChecks(total = RUN_STEPS): PatternChecks {
  let left = total;
  const checked = new Map<string, CheckedPattern>();
  const capped = new Map<string, boolean>();
  const budget = (): Budget => {
    if (left >= PATTERN_STEPS) return new Budget();
    return new Budget(Math.max(left, FLOOR_STEPS), `the checks of this spec's patterns used up their ${withCommas(total)} steps in all, too complex to check in what was left`);
  };
  const charge = (spent: Budget): void => {
    left = Math.max(0, left - Math.min(spent.steps, spent.limit));
  };
  return {
    check(pattern, maxLength) {
      const key = `${typeof maxLength === 'number' ? maxLength : '-'}:${pattern}`;
      let result = checked.get(key);
      if (result === undefined) {
        const spent = budget();
        result = checkPattern(pattern, maxLength, spent);
        charge(spent);
        checked.set(key, result);
      }
      return result;
    },
    needsLengthCap(pattern) {
      let result = capped.get(pattern);
      if (result === undefined) {
        const spent = budget();
        result = needsLengthCap(pattern, spent);
        charge(spent);
        capped.set(pattern, result);
      }
      return result;
    },
    left: () => left,
  };
}
