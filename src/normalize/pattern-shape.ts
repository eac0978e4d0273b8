/**
 * What a parsed pattern's shape allows, out of lookarounds: a part that can match empty, a repeat
 * with a choice of count, any repeat. The polynomial check (pattern-polynomial.ts) picks its
 * analysis by them.
 */
import type { PatternNode } from './pattern-parse.js';

/** Whether some part of `node` out of lookarounds, itself short of the whole, can match empty (`a?`, `a{0,2}`, `(a|)`). */
export function canBeSkipped(node: PatternNode): boolean {
  const empty = (n: PatternNode): boolean =>
    n.kind === 'zero' || (n.kind === 'group' && (n.lookaround || n.alternatives.some((alt) => alt.every(empty)))) || (n.kind === 'repeat' && (n.min === 0 || empty(n.node)));
  const walk = (n: PatternNode): boolean => {
    if (n.kind === 'repeat') return n.min === 0 || walk(n.node);
    if (n.kind !== 'group' || n.lookaround) return false;
    return n.alternatives.some((alt) => alt.some((m) => (m.kind !== 'zero' && empty(m)) || walk(m)));
  };
  return walk(node);
}

/** Whether `node` has a bounded repeat with a choice of count out of lookarounds (`\d{1,3}`, `a?`). */
export function hasChoice(node: PatternNode): boolean {
  if (node.kind === 'repeat') return (node.max > node.min && node.max !== Infinity) || hasChoice(node.node);
  return node.kind === 'group' && !node.lookaround && node.alternatives.some((alt) => alt.some(hasChoice));
}

/** Whether `node` has a repeat or a back reference (which reads like one) out of lookarounds. */
export function hasRepeat(node: PatternNode): boolean {
  if (node.kind === 'repeat') return true;
  if (node.kind === 'char') return node.backReference;
  return node.kind === 'group' && !node.lookaround && node.alternatives.some((alt) => alt.some(hasRepeat));
}
