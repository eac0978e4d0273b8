/**
 * `pattern` / `patternProperties` regexes as JSON Schema validators compile them: ECMAScript with
 * the `u` flag (Ajv's default). Specs are often written for engines that allow needless escapes
 * such as `\:` or `\_`, which the `u` flag rejects; those are repaired without changing meaning.
 * A pattern that can take too long to fail on one argument is dropped (pattern-backtracking.ts,
 * pattern-polynomial.ts): the generated server runs it on what a model sends.
 */
import { exponentialBacktracking, exponentialWarning } from './pattern-backtracking.js';
import { Budget, OverBudget } from './pattern-budget.js';
import { polynomialBacktracking, slowWarning } from './pattern-polynomial.js';

/** Characters that keep their backslash: ECMAScript SyntaxCharacter plus `/` (valid escapes under `u`). */
const SYNTAX_CHARACTERS = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** The pattern itself, a repaired equivalent, or `undefined` when it cannot be used under `u`. */
export function usablePattern(pattern: string): string | undefined {
  if (compiles(pattern)) return pattern;
  const repaired = dropIdentityEscapes(pattern);
  return repaired !== pattern && compiles(repaired) ? repaired : undefined;
}

export type CheckedPattern = { pattern: string } | { problem: string };

/**
 * The pattern a schema keeps (`usablePattern`), or why it is dropped: the end of the warning,
 * after the pattern's quoted text. `maxLength`: the schema's, which bounds how long a match takes.
 * `budget`: the steps the checks may take (pattern-budget.ts); a pattern they cannot finish
 * within it is dropped. What it has spent afterwards is what the checks took.
 */
export function checkPattern(pattern: string, maxLength?: unknown, budget: Budget = new Budget()): CheckedPattern {
  const usable = usablePattern(pattern);
  if (usable === undefined) return { problem: 'is not a valid ECMAScript (unicode) regular expression; ignored' };
  if (operatorCount(usable) > MAX_OPERATORS) return { problem: slowWarning(`over ${MAX_OPERATORS} repeats and alternatives, too many to check`) };
  try {
    const exponential = exponentialBacktracking(usable, budget);
    if (exponential !== undefined) return { problem: exponentialWarning(exponential) };
    const slow = polynomialBacktracking(usable, maxLength, budget);
    if (slow !== undefined) return { problem: slowWarning(slow) };
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    return { problem: slowWarning(budget.why) };
  }
  return { pattern: usable };
}

/**
 * Quantifiers and `|`s past which a pattern is not analysed but refused. The analyses grow faster
 * than the pattern: `^(a|b)?…$` with 2,000 groups (12 kB) took 3 s and 480 MB, with 6,000 45 s
 * and 3.2 GB, and a few more ran out of memory, so one crafted spec stalled or crashed the
 * generator. The real specs' patterns have at most 18 (readme.com's version paths).
 */
const MAX_OPERATORS = 200;

/** `*`, `+`, `?`, `{` and `|` in the text (in classes and escapes too: an overcount only refuses sooner). */
function operatorCount(pattern: string): number {
  let n = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c === 42 || c === 43 || c === 63 || c === 123 || c === 124) n++;
  }
  return n;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the backslash from escaped ASCII punctuation that needs none (`\:` → `:`). Without `u`
 * such an escape means the character itself, so the result matches the same strings. `\-` keeps
 * its backslash inside a character class, where `-` would otherwise form a range.
 */
function dropIdentityEscapes(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      const needless = isAsciiPunctuation(next) && !SYNTAX_CHARACTERS.has(next) && !(next === '-' && inClass);
      out += needless ? next : c + next;
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

function isAsciiPunctuation(c: string): boolean {
  const code = c.charCodeAt(0);
  return code >= 0x20 && code < 0x7f && !/[A-Za-z0-9]/.test(c);
}
