/**
 * Compact descriptions (`descriptions: 'compact'`, the default): what a model pays for without
 * learning how to call. Every argument, type, enum, format, bound, default, `required` and
 * `x-mcp-header` stays, so a call validates exactly as before; what goes:
 *
 * - descriptions, titles and examples *below* the top-level arguments (inside nested objects,
 *   array items, unions and `$defs`); a top-level argument that is only a `$ref` gets its
 *   definition's description, so no top-level description is lost;
 * - the URL of a Markdown link to an absolute `http(s)` URL in any description (the link text
 *   stays): documentation links cost ~20 tokens each and a model cannot follow them mid-call;
 *   a sentence that is only such a pointer goes whole (unlink-text.ts).
 *
 * `$defs` entries are shared between tools (see schema-bundle.ts): the memo keeps one compacted
 * object per shared definition, so tool data still stores each once.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { setOwn } from '../normalize/set-own.js';
import { unlinkText } from './unlink-text.js';

export { unlinkText } from './unlink-text.js';

/** The texts compaction drops (a `title` that is a schema, i.e. a property named title, stays). */
export const DEEP_TEXT = ['description', 'title', 'examples', 'example', '$comment'];
const SINGLE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

export interface CompactInputMemo {
  deep: WeakMap<object, JsonSchema>;
  /**
   * `unlinkText` of the top-level argument descriptions that hold a link: the same ones come back
   * in many tools (GitHub: 1,230 such descriptions, 558 distinct).
   */
  unlinked: Map<string, string>;
}

export function createCompactInputMemo(): CompactInputMemo {
  return { deep: new WeakMap(), unlinked: new Map() };
}

/** The compact form of a tool's `inputSchema` (its root is `type: object` with `properties`). */
export function compactInputSchema(schema: JsonSchemaObject, memo: CompactInputMemo): JsonSchemaObject {
  const out: JsonSchemaObject = { ...schema };
  const defs = isSchemaObject(schema.$defs) ? (schema.$defs as Record<string, JsonSchema>) : undefined;
  if (isSchemaObject(schema.properties)) {
    const properties: Record<string, JsonSchema> = {};
    const props = schema.properties as Record<string, JsonSchema>;
    const names = Object.keys(props);
    for (let i = 0; i < names.length; i++) setOwn(properties, names[i]!, topLevel(props[names[i]!]!, defs, memo));
    out.properties = properties;
  }
  if (defs !== undefined) {
    const next: Record<string, JsonSchema> = {};
    const keys = Object.keys(defs);
    for (let i = 0; i < keys.length; i++) setOwn(next, keys[i]!, deep(defs[keys[i]!]!, memo));
    out.$defs = next;
  }
  return out;
}

/** A top-level argument: its own texts stay (links unlinked), everything under it is deep. */
function topLevel(schema: JsonSchema, defs: Record<string, JsonSchema> | undefined, memo: CompactInputMemo): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  const out = children(schema, memo, false);
  if (typeof out.description === 'string') out.description = unlinked(out.description, memo);
  else if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/') && defs !== undefined) {
    const target = defs[decodePointer(schema.$ref.slice('#/$defs/'.length))];
    if (isSchemaObject(target) && typeof target.description === 'string') out.description = unlinked(target.description, memo);
  }
  return out;
}

/** `unlinkText(text)`, memoized for texts with a link (`](`): the others cost it a look, or a scan when truncated. */
function unlinked(text: string, memo: CompactInputMemo): string {
  if (!text.includes('](')) return unlinkText(text);
  let out = memo.unlinked.get(text);
  if (out === undefined) {
    out = unlinkText(text);
    memo.unlinked.set(text, out);
  }
  return out;
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A copy of `schema` (its `$defs` included) without texts at any depth; property names stay. */
export function withoutTexts(schema: JsonSchemaObject): JsonSchemaObject {
  const memo = createCompactInputMemo();
  const out = deep(schema, memo) as JsonSchemaObject;
  if (isSchemaObject(schema.$defs)) {
    const next: Record<string, JsonSchema> = {};
    for (const [key, def] of Object.entries(schema.$defs as Record<string, JsonSchema>)) setOwn(next, key, deep(def, memo));
    out.$defs = next;
  }
  return out;
}

/** No texts at any depth (memoized by identity: shared definitions stay shared). */
function deep(schema: JsonSchema, memo: CompactInputMemo): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  const hit = memo.deep.get(schema);
  if (hit !== undefined) return hit;
  const out = children(schema, memo, true);
  memo.deep.set(schema, out);
  return out;
}

/** What `children` does with each keyword's value (one lookup per key instead of four list scans). */
const KIND = new Map<string, 'text' | 'single' | 'array' | 'map'>([
  ...DEEP_TEXT.map((k) => [k, 'text'] as const),
  ...SINGLE.map((k) => [k, 'single'] as const),
  ...ARRAYS.map((k) => [k, 'array'] as const),
  ...MAPS.filter((k) => k !== '$defs').map((k) => [k, 'map'] as const),
]);

/** A copy with every subschema made deep, and (when `dropText`) this node's texts removed. */
function children(schema: JsonSchemaObject, memo: CompactInputMemo, dropText: boolean): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  const keys = Object.keys(schema);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value: unknown = schema[key];
    const kind = KIND.get(key);
    if (kind === 'text') {
      if (dropText && !(key === 'title' && isSchemaObject(value))) continue;
      setOwn(out, key, value);
    } else if (kind === 'single' && isSchemaObject(value)) out[key] = deep(value, memo);
    else if (kind === 'array' && Array.isArray(value)) out[key] = value.map((v: JsonSchema) => deep(v, memo));
    else if (kind === 'map' && isSchemaObject(value)) {
      const next: Record<string, JsonSchema> = {};
      const names = Object.keys(value);
      for (let n = 0; n < names.length; n++) setOwn(next, names[n]!, deep((value as Record<string, JsonSchema>)[names[n]!]!, memo));
      out[key] = next;
    } else setOwn(out, key, value);
  }
  return out;
}
