/**
 * A length cap for strings whose `pattern` takes longer to fail the longer they are, faster than
 * the string grows. pattern-polynomial.ts accepts a pattern that fails within 100 ms on
 * {@link ASSUMED_LENGTH} characters (or on the schema's shorter `maxLength`), but nothing stops a
 * caller sending a longer one: `[a-z]+$` (tried from each start) takes 50 ms on 10,000 letters and a
 * `!`, 5.2 s on 100,000 and 48 s on 300,000 (Node 22), all that time with the server's one thread
 * stalled. So a schema whose pattern would take over 100 ms on a million characters gets
 * `maxLength: 10000` unless it has a shorter one: such an argument is refused by validation (as too
 * long) before the pattern runs. A bounded repeat counts too: `[a-z]{1,255}@` reads up to 255
 * letters from each start, 519 ms on a million. Literal patterns, short fixed counts tried at one
 * start (`^[a-f0-9]{64}$`, UUIDs) and anchored ones that read each character once (`^[a-z]+$`) stay as they are.
 */
import type { JsonSchemaObject } from '../model/json-schema.js';
import { Budget, OverBudget } from './pattern-budget.js';
import { ASSUMED_LENGTH, slowOn, withoutSplits } from './pattern-polynomial.js';
import { quoteKeywordValue } from './schema-keywords.js';

/** The `maxLength` a schema gets when its pattern needs a cap. */
const PATTERN_LENGTH_CAP = ASSUMED_LENGTH;
/** The length the need for a cap is judged at. */
const JUDGED_AT = 1_000_000;
/**
 * `*`, `+`, `{n,}` or `{n,m}`: a repeat with a choice of count (an exact `{8}` reads what it reads,
 * as a literal does). Counted on the text (also inside classes and escapes): that only sends more
 * patterns to the analysis.
 */
const REPEAT = /[*+]|\{\d+,\d*\}/;

/** What the warnings say of a pattern that {@link needsLengthCap}. */
const SLOWS = 'slows down faster than the text grows (over 100 ms on a million characters)';

/**
 * Whether `pattern` (a checked one, see schema-pattern.ts) can take over 100 ms on an argument of a million characters;
 * true too when the analysis cannot tell within `budget` (pattern-budget.ts).
 */
export function needsLengthCap(pattern: string, budget: Budget = new Budget()): boolean {
  if (!REPEAT.test(pattern) || readsOnce(pattern)) return false;
  try {
    return slowOn(pattern, JUDGED_AT, budget) !== undefined;
  } catch (error) {
    if (error instanceof OverBudget) return true; // too complex to judge: capped, as a slow one (pattern-budget.ts)
    throw error;
  }
}

/**
 * `^` and then one repeat, no `|` and no back reference (`^[a-z0-9-]+$`, `^\d+(px)$`): tried at one
 * start, the repeat gives back one character at a time, so a failure costs at most twice the length.
 * (After {@link REPEAT}, {@link withoutSplits} means exactly one quantifier.)
 */
function readsOnce(pattern: string): boolean {
  return pattern.startsWith('^') && withoutSplits(pattern);
}

/**
 * Gives a converted schema with a `pattern` that {@link needsLengthCap} the cap as its `maxLength`
 * (unless it has a shorter one), telling `warn` about it. The generated server validates with Ajv
 * in `allErrors` mode, which would still run the pattern on a string that fails `maxLength`: its
 * validator checks the pattern only under the length (templates/runtime/pattern-guard.gen.ts).
 * `needs`: {@link needsLengthCap} as the run checks it (pattern-checks.ts).
 */
export function capPatternLength(schema: JsonSchemaObject, warn: (message: string) => void, needs: (pattern: string) => boolean): void {
  const { pattern, maxLength } = schema;
  if (typeof pattern !== 'string' || (typeof maxLength === 'number' && maxLength <= PATTERN_LENGTH_CAP) || !needs(pattern)) return;
  schema.maxLength = PATTERN_LENGTH_CAP;
  warn(`"pattern" ${quoteKeywordValue(pattern)} ${SLOWS}, so strings over ${PATTERN_LENGTH_CAP} characters are refused (give the schema a "maxLength" to choose another limit)`);
}

/** The end of the warning for a `patternProperties` key that {@link needsLengthCap}: property names have no length to cap. */
export const SLOW_KEY_PROBLEM = `${SLOWS}, and a property name has no length limit: one argument could stall the server; ignored`;
