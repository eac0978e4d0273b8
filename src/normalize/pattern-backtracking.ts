/**
 * Patterns that can make a backtracking engine take exponential time (ReDoS). The generated
 * server validates arguments and answers with Ajv, which runs each `pattern` with V8's
 * backtracking engine in the one thread that serves every client: with `pattern: '^(a+)+$'`, one
 * call whose argument is 32 `a`s and a `!` hung the server for minutes.
 *
 * Checked on each group repeated without bound (`*`, `+`, `{n,}`, `{n,m}` above 64):
 * - a body that can match the empty string (`(x|x?)+`, `(a?b?)*`, `(\b|a)+`) is refused;
 * - otherwise the body is refused when some text can go through it in two different ways and end
 *   at the same point (pattern-ambiguity.ts): n repetitions then split in 2^n ways. That covers
 *   nested repeats (`(a+)+`, `(\w+\s?)*`, `(x+x+)+y`), alternatives or optionals that read the
 *   same character (`(a|aa)+$`, `(\w|\d)+$`, `(a?a)*`, `((a|a)b)*`), and leaves the unambiguous
 *   ones: a delimiter nothing else matches (`[a-z0-9]+(-[a-z0-9]+)*`, `(\.[a-z]+)+`), alternatives
 *   that start differently (`(foo|bar)+`), or that share a start but part on the next character
 *   (`(a|ab)*c`, `((a|aa)c)+`). The analysis walks pairs of states of the body's automaton, so it
 *   is exact on the model but can be fooled only towards refusing (classes compared on samples
 *   may miss an overlap: pattern-char-sets.ts). A pattern whose analysis passes its budget of
 *   steps (pattern-budget.ts) is refused by the caller (schema-pattern.ts).
 * Lookaround contents are checked as patterns of their own. Polynomial cases (`\d+\d+\d+x`) are
 * pattern-polynomial.ts's.
 */
import { bodyAmbiguity } from './pattern-ambiguity.js';
import { Budget } from './pattern-budget.js';
import { charSets, type CharSets } from './pattern-char-sets.js';
import { MAX_DEPTH, parsePattern, TooDeep, type PatternNode } from './pattern-parse.js';

const NESTED = 'a repeated group with a repeat inside';
const EMPTY = 'a repeated group that can match the empty string';
const OVERLAP = 'a repeated group whose alternatives can start with the same character';
const AMBIGUOUS = 'a repeated group that can match the same text in two ways';
const TOO_DEEP = `groups nested more than ${MAX_DEPTH} deep, too deep to check`;

/** The end of the warning for a pattern that `exponentialBacktracking` found a `reason` in (after `"pattern" "…"`). */
export function exponentialWarning(reason: string): string {
  return `can take exponential time to match (${reason}: one argument could hang the server); ignored`;
}

/** True when `pattern` (valid under the `u` flag) can backtrack exponentially, as `exponentialBacktracking` finds. */
export function backtracksExponentially(pattern: string): boolean {
  return exponentialBacktracking(pattern) !== undefined;
}

/**
 * Why `pattern` (valid under the `u` flag) can backtrack exponentially (a repeated group that can match empty or split a
 * text two ways), or undefined. Throws OverBudget once the analysis has spent `budget` (pattern-budget.ts).
 */
export function exponentialBacktracking(pattern: string, budget: Budget = new Budget()): string | undefined {
  let root: PatternNode;
  try {
    root = parsePattern(pattern);
  } catch (error) {
    if (error instanceof TooDeep) return TOO_DEEP;
    throw error;
  }
  return unsafe(root, charSets(budget), false);
}

/** The first reason in `node`; `inside`: an enclosing unbounded repeat already had its body analysed. */
function unsafe(node: PatternNode, sets: CharSets, inside: boolean): string | undefined {
  if (node.kind === 'group') {
    const nested = inside && !node.lookaround; // a lookaround is a pattern of its own
    for (const alt of node.alternatives) for (const n of alt) {
      const reason = unsafe(n, sets, nested);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }
  if (node.kind !== 'repeat') return undefined;
  if (node.max !== Infinity) return unsafe(node.node, sets, inside);
  if (canBeEmpty(node.node)) return EMPTY;
  if (!inside) {
    const ambiguity = bodyAmbiguity(node.node, sets);
    if (ambiguity !== 'none') {
      if (ambiguity === 'two-ways' || hasUnboundedRepeat(node.node)) return NESTED;
      return ambiguity === 'same-start' ? OVERLAP : AMBIGUOUS;
    }
  }
  return unsafe(node.node, sets, true);
}

function hasUnboundedRepeat(node: PatternNode): boolean {
  if (node.kind === 'repeat') return node.max === Infinity || hasUnboundedRepeat(node.node);
  if (node.kind === 'group') return !node.lookaround && node.alternatives.some((alt) => alt.some(hasUnboundedRepeat));
  return false;
}

/** Whether `node` can match the empty string (lookarounds, `^`, `\b` and back references can). */
function canBeEmpty(node: PatternNode): boolean {
  switch (node.kind) {
    case 'char':
      return node.backReference;
    case 'zero':
      return true;
    case 'repeat':
      return node.min === 0 || canBeEmpty(node.node);
    case 'group':
      return node.lookaround || node.alternatives.some((alt) => alt.every(canBeEmpty));
  }
}
