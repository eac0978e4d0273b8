/**
 * Patterns that can make a backtracking engine take exponential time (ReDoS). The generated
 * server validates arguments and answers with Ajv, which runs each `pattern` with V8's
 * backtracking engine in the one thread that serves every client: with `pattern: '^(a+)+$'`, one
 * call whose argument is 32 `a`s and a `!` hung the server for minutes.
 *
 * Two checks, on each group repeated without bound (`*`, `+`, `{n,}`):
 * - nested quantifiers, the classic one: the group contains another unbounded repeat, as in
 *   `(a+)+`, `(\w+\s?)*`, `(\d+\.?)+`. Such a group is safe, and common in real specs, when each
 *   of its alternatives starts or ends with one literal character that nothing else in the group
 *   matches (`(-[a-z0-9]+)*`, `(\.[a-z]+)+`): that character marks where every repetition starts or
 *   ends, so a string splits one way only.
 * - ambiguous alternatives: two alternatives of the group can start with the same character
 *   (`(a|a)*`, `(a|aa)+$`, `(\w|\d)+$`), or the group can match the empty string (`(x|x?)+`,
 *   `(a?b?)*`). `(foo|bar)+` and `(\+|-)?` stay. This is stricter than needed: `(a|ab)*c`, whose
 *   alternatives share a first character but never both match, is refused too.
 * Not caught: ambiguity in a group nested inside the repeated one (`((a|a)b)*`, `(a?a)*`) and
 * polynomial cases (`\d+\d+\d+x`).
 */
import { charSets, literalChar } from './pattern-char-sets.js';

type Node =
  | { kind: 'char'; source: string }
  | { kind: 'zero' }
  | { kind: 'group'; alternatives: Node[][]; lookaround: boolean }
  | { kind: 'repeat'; node: Node; unbounded: boolean; optional: boolean };

/** Repeats above this count act as unbounded (`(a+){1,1000}` backtracks like `(a+)+`). */
const UNBOUNDED_FROM = 64;
/** Groups nested deeper than this are not analysed: the pattern counts as unsafe. */
const MAX_DEPTH = 40;

const NESTED = 'a repeated group with a repeat inside';
const EMPTY = 'a repeated group that can match the empty string';
const OVERLAP = 'a repeated group whose alternatives can start with the same character';
const TOO_DEEP = `groups nested more than ${MAX_DEPTH} deep, too deep to check`;

/** The end of the warning for a pattern that `exponentialBacktracking` found a `reason` in (after `"pattern" "…"`). */
export function exponentialWarning(reason: string): string {
  return `can take exponential time to match (${reason}: one argument could hang the server); ignored`;
}

class TooDeep extends Error {}

/** True when `pattern` (valid under the `u` flag) can backtrack exponentially, as `exponentialBacktracking` finds. */
export function backtracksExponentially(pattern: string): boolean {
  return exponentialBacktracking(pattern) !== undefined;
}

/** Why `pattern` (valid under the `u` flag) can backtrack exponentially (a repeated group with an unbounded repeat inside that no delimiter makes unambiguous, or with ambiguous alternatives), or undefined. */
export function exponentialBacktracking(pattern: string): string | undefined {
  let root: Node;
  try {
    root = parse(pattern);
  } catch (error) {
    if (error instanceof TooDeep) return TOO_DEEP;
    throw error;
  }
  const sets = charSets();
  const unsafe = (node: Node): string | undefined => {
    if (node.kind === 'group') {
      for (const alt of node.alternatives) for (const n of alt) {
        const reason = unsafe(n);
        if (reason !== undefined) return reason;
      }
      return undefined;
    }
    if (node.kind !== 'repeat') return undefined;
    const inner = unsafe(node.node);
    if (inner !== undefined || !node.unbounded) return inner;
    if (hasUnboundedRepeat(node.node) && !delimited(node.node, sets.matches)) return NESTED;
    const starts = branches(node.node).map(start);
    if (starts.some((head) => head.empty)) return EMPTY;
    if (starts.length > 1 && sets.shared(starts.map((head) => head.first))) return OVERLAP;
    return undefined;
  };
  return unsafe(root);
}

function hasUnboundedRepeat(node: Node): boolean {
  if (node.kind === 'repeat') return node.unbounded || hasUnboundedRepeat(node.node);
  if (node.kind === 'group') return node.alternatives.some((alt) => alt.some(hasUnboundedRepeat));
  return false;
}

/** The alternatives of a repeated node: a group's own (through `((…))` wrappers), else the node alone. */
function branches(node: Node): Node[][] {
  let current = node;
  while (current.kind === 'group' && !current.lookaround && current.alternatives.length === 1) {
    const only = current.alternatives[0]!;
    if (only.length !== 1 || only[0]!.kind !== 'group') return [only];
    current = only[0]!;
  }
  return current.kind === 'group' && !current.lookaround ? current.alternatives : [[current]];
}

/** How a sequence can start: the sources of its possible first characters, and whether it can match the empty string. */
function start(sequence: readonly Node[]): { first: string[]; empty: boolean } {
  const first: string[] = [];
  for (const node of sequence) {
    const head = startOf(node);
    first.push(...head.first);
    if (!head.empty) return { first, empty: false };
  }
  return { first, empty: true };
}

function startOf(node: Node): { first: string[]; empty: boolean } {
  switch (node.kind) {
    case 'char':
      return { first: [node.source], empty: false };
    case 'zero':
      return { first: [], empty: true };
    case 'repeat': {
      const head = startOf(node.node);
      return { first: head.first, empty: head.empty || node.optional };
    }
    case 'group': {
      if (node.lookaround) return { first: [], empty: true };
      const heads = node.alternatives.map(start);
      return { first: heads.flatMap((head) => head.first), empty: heads.some((head) => head.empty) };
    }
  }
}

/** Whether every alternative of the group `node` starts or ends with a literal character no other part of the group matches. */
function delimited(node: Node, matches: (source: string, char: string) => boolean): boolean {
  if (node.kind !== 'group') return false;
  const sources: string[] = [];
  const collect = (n: Node): void => {
    if (n.kind === 'char') sources.push(n.source);
    else if (n.kind === 'repeat') collect(n.node);
    else if (n.kind === 'group' && !n.lookaround) n.alternatives.forEach((alt) => alt.forEach(collect));
  };
  collect(node);
  return node.alternatives.every((alt) => {
    const consuming = alt.filter((n) => n.kind !== 'zero' && !(n.kind === 'group' && n.lookaround));
    return [consuming[0], consuming[consuming.length - 1]].some((end) => {
      if (end?.kind !== 'char') return false;
      const char = literalChar(end.source);
      if (char === undefined) return false;
      // The delimiter itself is one of the sources: exactly one may match it.
      return sources.filter((source) => matches(source, char)).length === 1;
    });
  });
}

/** A small parser of ECMAScript (`u`) pattern syntax, enough to see groups, repeats and single characters. */
function parse(pattern: string): Node {
  let i = 0;
  const alternatives = (depth: number): Node[][] => {
    if (depth > MAX_DEPTH) throw new TooDeep();
    const alts: Node[][] = [[]];
    while (i < pattern.length && pattern[i] !== ')') {
      if (pattern[i] === '|') {
        i++;
        alts.push([]);
        continue;
      }
      const atom = parseAtom(depth);
      const repeat = quantifier();
      alts[alts.length - 1]!.push(repeat === undefined ? atom : { kind: 'repeat', node: atom, ...repeat });
    }
    return alts;
  };
  const parseAtom = (depth: number): Node => {
    const start = i;
    const c = pattern[i]!;
    if (c === '^' || c === '$') {
      i++;
      return { kind: 'zero' };
    }
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'b' || next === 'B') {
        i += 2;
        return { kind: 'zero' };
      }
      const escape = /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|k<[^>]*>|[1-9][0-9]*|[\s\S])/.exec(pattern.slice(i, i + 64));
      i += escape === null ? 2 : escape[0].length;
      return { kind: 'char', source: pattern.slice(start, i) };
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      return { kind: 'char', source: pattern.slice(start, i) };
    }
    if (c === '(') {
      i++;
      let lookaround = false;
      if (pattern[i] === '?') {
        const head = /^\?(?:<[=!]|[=!]|<[^>]*>|[^:]*:)/.exec(pattern.slice(i, i + 64))?.[0] ?? '?';
        lookaround = /^\?<?[=!]/.test(head);
        i += head.length;
      }
      const alts = alternatives(depth + 1);
      i++; // ')'
      return { kind: 'group', alternatives: alts, lookaround };
    }
    i += c.codePointAt(0)! > 0xffff ? 2 : 1;
    return { kind: 'char', source: pattern.slice(start, i) };
  };
  /** After an atom: `undefined` when none, else whether the repeat is unbounded and whether it may match zero times. */
  const quantifier = (): { unbounded: boolean; optional: boolean } | undefined => {
    const c = pattern[i];
    let unbounded: boolean;
    let optional: boolean;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      unbounded = c !== '?';
      optional = c !== '+';
    } else {
      const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 40)) : null;
      if (braces === null) return undefined;
      i += braces[0].length;
      const max = braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]);
      unbounded = max > UNBOUNDED_FROM;
      if (max <= 1) unbounded = false;
      optional = Number(braces[1]) === 0;
    }
    if (pattern[i] === '?') i++; // lazy: backtracks all the same
    return { unbounded, optional };
  };
  return { kind: 'group', alternatives: alternatives(0), lookaround: false };
}
