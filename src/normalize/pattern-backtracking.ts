/**
 * Patterns that can make a backtracking engine take exponential time (ReDoS). The generated
 * server validates arguments and answers with Ajv, which runs each `pattern` with V8's
 * backtracking engine in the one thread that serves every client: with `pattern: '^(a+)+$'`, one
 * call whose argument is 32 `a`s and a `!` hung the server for minutes.
 *
 * The check is the classic one, nested quantifiers: a group repeated without bound (`*`, `+`,
 * `{n,}`) that contains another unbounded repeat, as in `(a+)+`, `(\w+\s?)*`, `(\d+\.?)+`. Such a
 * group is safe, and common in real specs, when each of its alternatives starts or ends with one
 * literal character that nothing else in the group matches (`(-[a-z0-9]+)*`, `(\.[a-z]+)+`):
 * that character marks where every repetition starts or ends, so a string splits one way only.
 * Not caught: overlapping alternatives (`(a|a)*`) and polynomial cases (`\d+\d+\d+x`).
 */

/** The end of the warning for such a pattern (after `"pattern" "…"`). */
export const EXPONENTIAL = 'can take exponential time to match (a repeated group with a repeat inside: one argument could hang the server); ignored';

type Node =
  | { kind: 'char'; source: string }
  | { kind: 'zero' }
  | { kind: 'group'; alternatives: Node[][]; lookaround: boolean }
  | { kind: 'repeat'; node: Node; unbounded: boolean };

/** Repeats above this count act as unbounded (`(a+){1,1000}` backtracks like `(a+)+`). */
const UNBOUNDED_FROM = 64;
/** Groups nested deeper than this are not analysed: the pattern counts as unsafe. */
const MAX_DEPTH = 40;

class TooDeep extends Error {}

/** True when `pattern` (valid under the `u` flag) has a repeated group with an unbounded repeat inside that no delimiter makes unambiguous. */
export function backtracksExponentially(pattern: string): boolean {
  let root: Node;
  try {
    root = parse(pattern);
  } catch (error) {
    if (error instanceof TooDeep) return true;
    throw error;
  }
  const matches = memberTest();
  const unsafe = (node: Node): boolean => {
    if (node.kind === 'group') return node.alternatives.some((alt) => alt.some(unsafe));
    if (node.kind !== 'repeat') return false;
    if (unsafe(node.node)) return true;
    return node.unbounded && hasUnboundedRepeat(node.node) && !delimited(node.node, matches);
  };
  return unsafe(root);
}

function hasUnboundedRepeat(node: Node): boolean {
  if (node.kind === 'repeat') return node.unbounded || hasUnboundedRepeat(node.node);
  if (node.kind === 'group') return node.alternatives.some((alt) => alt.some(hasUnboundedRepeat));
  return false;
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

/** The character a single-character source stands for (`-`, `\.`, `\/`), or undefined for a class or an escape such as `\d`. */
function literalChar(source: string): string | undefined {
  if (source.length === 1 && source !== '.') return source;
  if (source.length === 2 && source[0] === '\\' && /[\^$\\.*+?()[\]{}|/-]/.test(source[1]!)) return source[1];
  return undefined;
}

/** `matches(source, char)`: does the one-character pattern `source` match `char`? Compiled once per source. */
function memberTest(): (source: string, char: string) => boolean {
  const compiled = new Map<string, RegExp | undefined>();
  return (source, char) => {
    if (!compiled.has(source)) {
      let regex: RegExp | undefined;
      try {
        regex = new RegExp(`^(?:${source})$`, 'u');
      } catch {
        regex = undefined; // a backreference alone: it may match anything
      }
      compiled.set(source, regex);
    }
    const regex = compiled.get(source);
    return regex === undefined || regex.test(char);
  };
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
      alts[alts.length - 1]!.push(repeat === undefined ? atom : { kind: 'repeat', node: atom, unbounded: repeat });
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
  /** After an atom: `undefined` when none, else whether the repeat is unbounded. */
  const quantifier = (): boolean | undefined => {
    const c = pattern[i];
    let unbounded: boolean;
    if (c === '*' || c === '+') {
      i++;
      unbounded = true;
    } else if (c === '?') {
      i++;
      unbounded = false;
    } else {
      const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 40)) : null;
      if (braces === null) return undefined;
      i += braces[0].length;
      const max = braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]);
      unbounded = max > UNBOUNDED_FROM;
      if (max <= 1) unbounded = false;
    }
    if (pattern[i] === '?') i++; // lazy: backtracks all the same
    return unbounded;
  };
  return { kind: 'group', alternatives: alternatives(0), lookaround: false };
}
