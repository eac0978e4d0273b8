/**
 * Argument values as the OpenAPI style rules see them (RFC 6570 §2.3): undefined, a primitive, a
 * list or name/value pairs, with the text of each member. Also the `content`-based serialization
 * of a parameter and the bracket names of `deepObject`.
 */
import type { ParameterStyle } from './types.gen.js';

export type ValueShape =
  | { kind: 'undefined' }
  | { kind: 'primitive'; text: string }
  | { kind: 'array'; items: string[] }
  | { kind: 'object'; entries: Array<[string, string]> };

const UNDEFINED: ValueShape = { kind: 'undefined' };

/** Text of one member: strings as they are, numbers and booleans as JSON spells them, nested values as JSON. */
export function memberText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * `null`/`undefined`, an empty list and an object without defined members are undefined (RFC 6570
 * §2.3: omitted); `null` members are skipped; nested arrays and objects become JSON text.
 */
export function shapeOf(value: unknown): ValueShape {
  if (value === undefined || value === null) return UNDEFINED;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) if (item !== undefined && item !== null) items.push(memberText(item));
    return items.length === 0 ? UNDEFINED : { kind: 'array', items };
  }
  if (typeof value === 'object') {
    const entries: Array<[string, string]> = [];
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) entries.push([k, memberText(v)]);
    return entries.length === 0 ? UNDEFINED : { kind: 'object', entries };
  }
  return { kind: 'primitive', text: memberText(value) };
}

/** Names and values of an object as a flat list: `R,100,G,200` before joining. */
export function flatPairs(entries: Array<[string, string]>): string[] {
  const out: string[] = [];
  for (const [k, v] of entries) out.push(k, v);
  return out;
}

/** The delimiter a style joins list members with (before any percent-encoding). */
export function delimiterOf(style: ParameterStyle): string {
  if (style === 'spaceDelimited') return ' ';
  if (style === 'pipeDelimited') return '|';
  if (style === 'tabDelimited') return '\t';
  return ',';
}

export function isJsonMediaType(mediaType: string): boolean {
  const base = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json') || base.endsWith('/json') || base === '*/*';
}

/** A parameter declared with `content`: JSON media types get JSON, other types get the text of the value. */
export function contentText(value: unknown, contentType: string): string {
  if (isJsonMediaType(contentType)) return JSON.stringify(value);
  return memberText(value);
}

/**
 * `deepObject` names, raw: `{ R: 100 }` under `color` → `color[R]=100`. One level is what OpenAPI
 * defines; deeper objects continue the brackets (`a[b][c]`), lists of primitives use `a[]` (as Rails,
 * PHP, qs and Stripe read them) and lists of objects use indexes (`a[0][b]`).
 */
export function deepObjectPairs(prefix: string, value: unknown): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  collectDeep(prefix, value, out);
  return out;
}

function collectDeep(prefix: string, value: unknown, out: Array<[string, string]>): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const nested = value.some((item) => typeof item === 'object' && item !== null);
    value.forEach((item, i) => {
      if (nested) collectDeep(`${prefix}[${i}]`, item, out);
      else if (item !== undefined && item !== null) out.push([`${prefix}[]`, memberText(item)]);
    });
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectDeep(`${prefix}[${k}]`, v, out);
    return;
  }
  out.push([prefix, memberText(value)]);
}
