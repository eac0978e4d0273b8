/**
 * Where a JSON Schema keeps its subschemas, for the passes over tool schemas (schema-bundle.ts):
 * the keywords, which of them a schema has, and a visit of its direct subschemas.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';

/** Keywords whose value is a schema, an array of schemas, or a map of schemas. */
export const SINGLE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
export const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
export const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/**
 * Every keyword above, and `required` (which `transform` may change), each as one bit: bit `i` of
 * a schema's {@link structureOf} is keyword `i` of SINGLE, then ARRAYS, then MAPS, then `required`.
 */
const STRUCTURE_BITS: ReadonlyMap<string, number> = new Map([...SINGLE, ...ARRAYS, ...MAPS, 'required'].map((key, i) => [key, 1 << i]));
export const ARRAYS_FROM = SINGLE.length;
export const MAPS_FROM = ARRAYS_FROM + ARRAYS.length;
export const REQUIRED_BIT = 1 << (MAPS_FROM + MAPS.length);
export const HIDING_BITS = STRUCTURE_BITS.get('allOf')! | STRUCTURE_BITS.get('anyOf')! | STRUCTURE_BITS.get('oneOf')! | REQUIRED_BIT;

/**
 * Which keywords of {@link STRUCTURE_BITS} `schema` has, one pass over its keys. Most schemas are
 * leaves (`{ type, format }`): their two or three keys are cheaper to look at than all nineteen
 * keywords, and the passes (here and in schema-bundle.ts) read only the keywords present (a missing property costs a
 * lookup of its own on objects of so many shapes). `for…in` sees what `schema[key]` sees,
 * inherited keys included.
 */
export function structureOf(schema: JsonSchemaObject): number {
  let bits = 0;
  for (const key in schema) {
    const bit = STRUCTURE_BITS.get(key);
    if (bit !== undefined) bits |= bit;
  }
  return bits;
}

/** Calls `fn` for every direct subschema of `schema` (data keywords like `enum` are not searched). */
export function forEachSubschema(schema: JsonSchemaObject, fn: (sub: JsonSchema) => void): void {
  const bits = structureOf(schema);
  if (bits === 0) return;
  for (let i = 0; i < SINGLE.length; i++) {
    if ((bits & (1 << i)) === 0) continue;
    const sub = schema[SINGLE[i]!];
    if (isSchemaObject(sub)) fn(sub);
  }
  for (let i = 0; i < ARRAYS.length; i++) {
    if ((bits & (1 << (ARRAYS_FROM + i))) === 0) continue;
    const list = schema[ARRAYS[i]!];
    if (!Array.isArray(list)) continue;
    for (let k = 0; k < list.length; k++) {
      const sub: unknown = list[k];
      if (isSchemaObject(sub)) fn(sub);
    }
  }
  for (let i = 0; i < MAPS.length; i++) {
    if ((bits & (1 << (MAPS_FROM + i))) === 0) continue;
    const map = schema[MAPS[i]!];
    if (!isSchemaObject(map)) continue;
    const subs = Object.values(map);
    for (let k = 0; k < subs.length; k++) {
      const sub: unknown = subs[k];
      if (isSchemaObject(sub)) fn(sub);
    }
  }
}
