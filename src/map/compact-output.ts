/**
 * How much of a response schema a tool advertises as its `outputSchema` (`outputSchema` option).
 *
 * - `compact` (default): the shape of the root only — `{ "type": "object" }`, or for a result the
 *   server wraps as `{ result }` (a list, a string …), `result` with its JSON type. Nothing else:
 *   no properties, no text, no `$defs`.
 * - `full`: the whole response schema, with up to 30 shared definitions (output-schema.ts).
 * - `none`: no outputSchema; results are text only, without `structuredContent`.
 *
 * Why compact by default. A full output schema tells the model little it does not see in the
 * result itself (the JSON is always in the text block), yet it is most of a big API's `tools/list`
 * (GitHub: 1.47 M of 1.91 M tokens; a listing of the root's properties alone would still cost
 * ~30 k) and the official client compiles a validator for every listed one before its first call
 * (GitHub: ~14 s). The compact schema is a relaxation of the full one: every value the full schema
 * accepts, it accepts, so the server — which checks each result against what it advertises —
 * never turns an answer the spec allows into an error. Typed clients that want precise result
 * types generate with `full`.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { setOwn } from '../normalize/set-own.js';

export type OutputSchemaMode = 'full' | 'compact' | 'none';
export const OUTPUT_SCHEMA_MODES: readonly OutputSchemaMode[] = ['full', 'compact', 'none'];

/** Resolves a `$ref` value to the schema it names, or undefined. */
export type ResolveRef = (ref: string) => JsonSchema | undefined;

const MAX_REF_HOPS = 16;

/**
 * The compact form of an object-rooted output schema. `wrappedIn` names the property that holds a
 * non-object result (see output-schema.ts); it keeps its JSON type.
 */
export function compactOutputSchema(schema: JsonSchemaObject, resolve: ResolveRef, wrappedIn?: string): JsonSchemaObject {
  if (wrappedIn === undefined) return { type: 'object' };
  const properties = isSchemaObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const value = Object.hasOwn(properties, wrappedIn) ? follow(properties[wrappedIn]!, resolve) : true;
  const result: Record<string, JsonSchema> = {};
  setOwn(result, wrappedIn, typeOf(value));
  return { type: 'object', properties: result, required: [wrappedIn] };
}

/** `$ref` chains followed; a cycle or a dangling reference is an open schema. */
function follow(schema: JsonSchema, resolve: ResolveRef): JsonSchema {
  let node = schema;
  for (let hops = 0; isSchemaObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops >= MAX_REF_HOPS) return true;
    const target = resolve(node.$ref);
    if (target === undefined) return true;
    node = target;
  }
  return node;
}

/** `{ type }` when the schema states one (a string or a list of them), else `{}`. */
function typeOf(schema: JsonSchema): JsonSchemaObject {
  if (!isSchemaObject(schema)) return {};
  return typeof schema.type === 'string' || Array.isArray(schema.type) ? { type: schema.type } : {};
}
