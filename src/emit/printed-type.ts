/**
 * Printed TypeScript types as the schema printer combines them: the text, and whether it needs
 * parentheses inside `[]`, `&` or `|`; unions and intersections with duplicates, `unknown` and
 * `never` folded as TypeScript would.
 */

/** A printed type and whether it needs parentheses inside `[]`, `&` or `|`. */
export interface Printed {
  text: string;
  kind: 'atom' | 'union' | 'intersection';
}

export const atom = (text: string): Printed => ({ text, kind: 'atom' });
export const UNKNOWN = atom('unknown');
export const NEVER = atom('never');
/** The primitive types, one object each (a Printed is never changed). */
export const PRIMITIVE: Readonly<Record<string, Printed>> = { string: atom('string'), number: atom('number'), integer: atom('number'), boolean: atom('boolean'), null: atom('null') };

/** Any JSON value as a literal type: JSON text is valid TypeScript type syntax. */
export function literal(value: unknown): Printed {
  return atom(JSON.stringify(value) ?? 'null');
}

export function arrayOf(element: Printed): string {
  return element.kind === 'atom' ? `${element.text}[]` : `(${element.text})[]`;
}

/** The union of an enum's values as literals (as `union(values.map(literal))`: JSON text is never `unknown` or `never`). */
export function enumType(values: readonly unknown[]): Printed {
  if (values.length === 1) return literal(values[0]);
  const seen = values.length > 8 ? new Set<string>() : undefined;
  const texts: string[] = [];
  for (const value of values) {
    const text = JSON.stringify(value) ?? 'null';
    if (seen !== undefined) {
      if (seen.has(text)) continue;
      seen.add(text);
    } else if (texts.includes(text)) continue;
    texts.push(text);
  }
  if (texts.length === 0) return NEVER;
  if (texts.length === 1) return atom(texts[0]!);
  return { text: texts.join(' | '), kind: 'union' };
}

export function union(members: Printed[]): Printed {
  // A union of one is that member (`unknown` and `never` included): the common case, no list to build.
  if (members.length === 1) return members[0]!;
  const kept: Printed[] = [];
  // Long unions (enums of hundreds of values) are deduplicated through a set, short ones by a scan.
  const texts = members.length > 8 ? new Set<string>() : undefined;
  for (const m of members) {
    if (m.text === 'unknown') return UNKNOWN;
    if (m.text === 'never') continue;
    if (texts !== undefined) {
      if (texts.has(m.text)) continue;
      texts.add(m.text);
    } else if (kept.some((k) => k.text === m.text)) continue;
    kept.push(m);
  }
  if (kept.length === 0) return NEVER;
  if (kept.length === 1) return kept[0]!;
  let text = '';
  for (let i = 0; i < kept.length; i++) {
    const m = kept[i]!;
    text += `${i === 0 ? '' : ' | '}${m.kind === 'intersection' ? `(${m.text})` : m.text}`;
  }
  return { text, kind: 'union' };
}

export function intersection(members: Printed[]): Printed {
  const kept: Printed[] = [];
  for (const m of members) {
    if (m.text === 'never') return m;
    if (m.text !== 'unknown' && !kept.some((k) => k.text === m.text)) kept.push(m);
  }
  if (kept.length === 0) return UNKNOWN;
  if (kept.length === 1) return kept[0]!;
  return { text: kept.map((m) => (m.kind === 'union' ? `(${m.text})` : m.text)).join(' & '), kind: 'intersection' };
}
