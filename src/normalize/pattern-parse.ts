/**
 * A small parser of ECMAScript (`u`) pattern syntax for the backtracking check
 * (pattern-backtracking.ts): enough to see groups, lookarounds, repeats and one-character parts
 * (`a`, `\.`, `[a-z]`, `\d`, `\p{L}`, `.`, and back references, which may match anything).
 */

export type PatternNode =
  /** `backReference`: `\1`, `\k<name>`; `group` the group it names, when there is one (it reads what that group read). */
  | { kind: 'char'; source: string; backReference: boolean; group?: PatternNode }
  /** `^`, `$`, `\b`, `\B`; `start` for `^`. */
  | { kind: 'zero'; start?: boolean }
  | { kind: 'group'; alternatives: PatternNode[][]; lookaround: boolean }
  | { kind: 'repeat'; node: PatternNode; min: number; max: number };

type Group = Extract<PatternNode, { kind: 'group' }>;
type Char = Extract<PatternNode, { kind: 'char' }>;

/** Repeats above this count act as unbounded (`(a+){1,1000}` backtracks like `(a+)+`): their `max` is Infinity. */
export const UNBOUNDED_FROM = 64;
/** Groups nested deeper than this are not analysed: the pattern counts as unsafe. */
export const MAX_DEPTH = 40;

export class TooDeep extends Error {}

/** The tree of `pattern` (valid under the `u` flag); throws TooDeep past MAX_DEPTH groups. */
export function parsePattern(pattern: string): PatternNode {
  let i = 0;
  const captures: Group[] = [];
  const named = new Map<string, Group>();
  const references: Char[] = [];
  const alternatives = (depth: number): PatternNode[][] => {
    if (depth > MAX_DEPTH) throw new TooDeep();
    const alts: PatternNode[][] = [[]];
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
  const parseAtom = (depth: number): PatternNode => {
    const start = i;
    const c = pattern[i]!;
    if (c === '^' || c === '$') {
      i++;
      return c === '^' ? { kind: 'zero', start: true } : { kind: 'zero' };
    }
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'b' || next === 'B') {
        i += 2;
        return { kind: 'zero' };
      }
      const escape = /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|k<[^>]*>|[1-9][0-9]*|[\s\S])/.exec(pattern.slice(i, i + 64));
      i += escape === null ? 2 : escape[0].length;
      const source = pattern.slice(start, i);
      const node: Char = { kind: 'char', source, backReference: /^\\(?:k<|[1-9])/.test(source) };
      if (node.backReference) references.push(node);
      return node;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      return { kind: 'char', source: pattern.slice(start, i), backReference: false };
    }
    if (c === '(') {
      i++;
      let lookaround = false;
      let capturing = true;
      let name: string | undefined;
      if (pattern[i] === '?') {
        const head = /^\?(?:<[=!]|[=!]|<[^>]*>|[^:]*:)/.exec(pattern.slice(i, i + 64))?.[0] ?? '?';
        lookaround = /^\?<?[=!]/.test(head);
        name = /^\?<([^>=!][^>]*)>$/.exec(head)?.[1];
        capturing = name !== undefined;
        i += head.length;
      }
      const group: Group = { kind: 'group', alternatives: [], lookaround };
      if (capturing) captures.push(group);
      if (name !== undefined) named.set(name, group);
      group.alternatives = alternatives(depth + 1);
      i++; // ')'
      return group;
    }
    i += c.codePointAt(0)! > 0xffff ? 2 : 1;
    return { kind: 'char', source: pattern.slice(start, i), backReference: false };
  };
  /** After an atom: `undefined` when none, else its bounds (`max` Infinity from UNBOUNDED_FROM on). */
  const quantifier = (): { min: number; max: number } | undefined => {
    const c = pattern[i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Infinity;
    } else {
      const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 40)) : null;
      if (braces === null) return undefined;
      i += braces[0].length;
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
      if (max > UNBOUNDED_FROM) max = Infinity;
      min = Math.min(min, max === Infinity ? UNBOUNDED_FROM : max);
    }
    if (pattern[i] === '?') i++; // lazy: backtracks all the same
    return { min, max };
  };
  const root: PatternNode = { kind: 'group', alternatives: alternatives(0), lookaround: false };
  for (const reference of references) {
    const name = /^\\k<([^>]*)>$/.exec(reference.source)?.[1];
    reference.group = name === undefined ? captures[Number(reference.source.slice(1)) - 1] : named.get(name);
  }
  return root;
}
