/**
 * What leaving out `readOnly` (request) or `writeOnly` (response) properties does to the schema
 * around them, beyond the property itself:
 * - a name such a property had in `required` — of its own object, of an `allOf` sibling that
 *   brings the property in, or of a `oneOf`/`anyOf` branch of that object — is no longer required;
 * - `oneOf` branches that become identical, or empty (any object), once the properties are gone
 *   can no longer match exactly one value: they are merged and loosened to `anyOf`.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import type { Direction } from './schema-bundle.js';

/** The keyword that hides a property in `direction`. */
export function hidingKeyword(direction: Direction): 'readOnly' | 'writeOnly' {
  return direction === 'request' ? 'readOnly' : 'writeOnly';
}

/** `required` without the hidden names; the same array when none is there. */
export function withoutHidden(required: unknown, hidden: ReadonlySet<string>): unknown {
  if (!Array.isArray(required) || hidden.size === 0 || !required.some((n) => hidden.has(n as string))) return required;
  return required.filter((n) => !hidden.has(n as string));
}

/** Annotation keywords that do not change what a branch accepts. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', '$comment', 'readOnly', 'writeOnly']);

/** True when `schema` accepts every object (or everything): nothing but `type: object`, empty `properties` and annotations. */
function acceptsAnyObject(schema: JsonSchema): boolean {
  if (schema === true) return true;
  if (!isSchemaObject(schema)) return false;
  return Object.entries(schema).every(([k, v]) => ANNOTATIONS.has(k) || (k === 'type' && v === 'object') || (k === 'properties' && isSchemaObject(v) && Object.keys(v).length === 0));
}

/**
 * `oneOf` after the transform. `before` and `after` are the branches as the spec wrote them and as
 * transformed; `effective` gives what a branch accepts (a `$ref` branch: its transformed
 * definition). Returns undefined when the `oneOf` can stay, else the `anyOf` branches to use
 * instead: only when a branch changed and then matches any object or duplicates another one.
 */
export function loosenedOneOf(
  before: readonly JsonSchema[],
  after: readonly JsonSchema[],
  changed: (i: number) => boolean,
  effective: (branch: JsonSchema) => JsonSchema,
): JsonSchema[] | undefined {
  if (!after.some((_, i) => changed(i))) return undefined;
  const texts = after.map((b) => JSON.stringify(stripAnnotations(effective(b))));
  const broken = after.some((b, i) => changed(i) && (acceptsAnyObject(effective(b)) || texts.indexOf(texts[i]!) !== i || texts.lastIndexOf(texts[i]!) !== i));
  if (!broken || before.length !== after.length) return undefined;
  return after.filter((_, i) => texts.indexOf(texts[i]!) === i);
}

function stripAnnotations(schema: JsonSchema): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  const out: JsonSchemaObject = {};
  for (const [k, v] of Object.entries(schema)) if (!ANNOTATIONS.has(k)) out[k] = v;
  return out;
}
