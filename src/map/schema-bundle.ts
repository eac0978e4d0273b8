import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';

/** Requests never carry `readOnly` properties; responses never carry `writeOnly` ones. */
export type Direction = 'request' | 'response';

const DEF_PREFIX = '#/$defs/';

/** Keywords whose value is a schema, an array of schemas, or a map of schemas. */
const SINGLE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/** Calls `fn` for every direct subschema of `schema` (data keywords like `enum` are not searched). */
export function forEachSubschema(schema: JsonSchemaObject, fn: (sub: JsonSchema) => void): void {
  for (const key of SINGLE) {
    const sub = schema[key];
    if (isSchemaObject(sub)) fn(sub);
  }
  for (const key of ARRAYS) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) if (isSchemaObject(sub)) fn(sub);
  }
  for (const key of MAPS) {
    const map = schema[key];
    if (isSchemaObject(map)) for (const sub of Object.values(map)) if (isSchemaObject(sub)) fn(sub);
  }
}

export function defKeyOf(schema: JsonSchema): string | undefined {
  if (!isSchemaObject(schema) || typeof schema.$ref !== 'string' || !schema.$ref.startsWith(DEF_PREFIX)) return undefined;
  return schema.$ref.slice(DEF_PREFIX.length);
}

/**
 * Turns model schemas into self-contained tool schemas: strips the properties the direction must
 * not carry, and gathers the (transformed) shared definitions each schema reaches into its own
 * `$defs`. One bundler serves a whole run; transformed definitions are cached per direction and
 * shared between tools (treat the results as immutable).
 */
export class SchemaBundler {
  private readonly cache: Record<Direction, Map<string, JsonSchema>> = { request: new Map(), response: new Map() };

  constructor(private readonly defs: Readonly<Record<string, JsonSchema>>) {}

  /** The model definition behind a `$ref` (untransformed), or undefined. */
  resolve(schema: JsonSchema): JsonSchema | undefined {
    const key = defKeyOf(schema);
    return key === undefined ? undefined : this.defs[key];
  }

  /** The transformed definition `key` for `direction`. */
  def(key: string, direction: Direction): JsonSchema | undefined {
    const cached = this.cache[direction].get(key);
    if (cached !== undefined) return cached;
    const raw = this.defs[key];
    if (raw === undefined) return undefined;
    this.cache[direction].set(key, raw); // placeholder for recursion; replaced below
    const done = this.transform(raw, direction);
    this.cache[direction].set(key, done);
    return done;
  }

  /** Strips what `direction` must not carry; returns the same object when nothing changes. */
  transform(schema: JsonSchema, direction: Direction): JsonSchema {
    if (!isSchemaObject(schema)) return schema;
    let out: JsonSchemaObject | undefined;
    const set = (key: string, value: unknown): void => {
      out ??= { ...schema };
      out[key] = value;
    };
    for (const key of SINGLE) {
      const sub = schema[key];
      if (isSchemaObject(sub)) {
        const t = this.transform(sub, direction);
        if (t !== sub) set(key, t);
      }
    }
    for (const key of ARRAYS) {
      const list = schema[key];
      if (!Array.isArray(list)) continue;
      const mapped = list.map((s: JsonSchema) => this.transform(s, direction));
      if (mapped.some((s, i) => s !== list[i])) set(key, mapped);
    }
    for (const key of MAPS) {
      const map = schema[key];
      if (!isSchemaObject(map)) continue;
      let changed = false;
      const next: Record<string, JsonSchema> = {};
      const dropped: string[] = [];
      for (const [name, sub] of Object.entries(map)) {
        if (key === 'properties' && this.hidden(sub as JsonSchema, direction)) {
          dropped.push(name);
          changed = true;
          continue;
        }
        const t = this.transform(sub as JsonSchema, direction);
        if (t !== sub) changed = true;
        next[name] = t;
      }
      if (changed) set(key, next);
      if (dropped.length > 0 && Array.isArray(schema.required)) {
        set('required', (schema.required as unknown[]).filter((n) => !dropped.includes(n as string)));
        if ((out!.required as unknown[]).length === 0) delete out!.required;
      }
    }
    return out ?? schema;
  }

  /** A property marked readOnly (request) or writeOnly (response), directly, by `$ref`, or by an `allOf` member. */
  private hidden(schema: JsonSchema, direction: Direction): boolean {
    if (!isSchemaObject(schema)) return false;
    const keyword = direction === 'request' ? 'readOnly' : 'writeOnly';
    if (schema[keyword] === true) return true;
    const target = this.resolve(schema);
    if (isSchemaObject(target) && target[keyword] === true) return true;
    return Array.isArray(schema.allOf) && schema.allOf.some((s) => isSchemaObject(s) && (s[keyword] === true || (isSchemaObject(this.resolve(s)) && (this.resolve(s) as JsonSchemaObject)[keyword] === true)));
  }

  /** The transformed definitions reachable from `roots`, keyed and sorted by name. */
  closure(roots: readonly JsonSchema[], direction: Direction): Record<string, JsonSchema> {
    const found = new Map<string, JsonSchema>();
    const stack: JsonSchema[] = [...roots];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (!isSchemaObject(node)) continue;
      const key = defKeyOf(node);
      if (key !== undefined && !found.has(key)) {
        const def = this.def(key, direction);
        if (def !== undefined) {
          found.set(key, def);
          stack.push(def);
        }
      }
      forEachSubschema(node, (sub) => stack.push(sub));
    }
    const out: Record<string, JsonSchema> = {};
    for (const key of [...found.keys()].sort()) out[key] = found.get(key)!;
    return out;
  }
}
