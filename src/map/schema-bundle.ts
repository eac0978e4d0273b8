import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { setOwn } from '../normalize/set-own.js';
import { hidingKeyword, loosenedOneOf, withoutHidden } from './schema-direction.js';
import { ARRAYS, ARRAYS_FROM, forEachSubschema, HIDING_BITS, MAPS, MAPS_FROM, REQUIRED_BIT, SINGLE, structureOf } from './subschemas.js';

const NONE: ReadonlySet<string> = new Set();

/** Requests never carry `readOnly` properties; responses never carry `writeOnly` ones. */
export type Direction = 'request' | 'response';

const DEF_PREFIX = '#/$defs/';

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
  /** Per-run memo for callers that bundle the same small schema many times (see output-schema.ts). */
  readonly memo = new Map<string, unknown>();
  /** The definitions each transformed definition references directly, found once per run. */
  private readonly refs: Record<Direction, Map<string, string[]>> = { request: new Map(), response: new Map() };
  /** Findings of `transform` not yet reported (see takeNotes). */
  private readonly notes: string[] = [];

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

  /** Keys referenced directly by the transformed definition `key`. */
  private edges(key: string, direction: Direction): string[] {
    let out = this.refs[direction].get(key);
    if (out === undefined) {
      out = [];
      const def = this.def(key, direction);
      if (def !== undefined) collectRefs(def, out);
      this.refs[direction].set(key, out);
    }
    return out;
  }

  /**
   * Strips what `direction` must not carry; returns the same object when nothing changes.
   * `inherited`: property names hidden by the object this schema is a composition member of.
   */
  transform(schema: JsonSchema, direction: Direction, inherited: ReadonlySet<string> = NONE): JsonSchema {
    if (!isSchemaObject(schema)) return schema;
    const bits = structureOf(schema);
    if (bits === 0) return schema;
    let out: JsonSchemaObject | undefined;
    const set = (key: string, value: unknown): void => {
      out ??= { ...schema };
      out[key] = value;
    };
    const hiding = (bits & HIDING_BITS) !== 0 && (schema.allOf !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined || schema.required !== undefined);
    // The names `hidden` finds among the schema's own properties, for `transformMap` (no second look).
    const ownHidden = hiding ? new Set<string>() : undefined;
    const hidden = hiding ? this.hiddenNames(schema, direction, inherited, ownHidden!) : NONE;
    for (let i = 0; i < SINGLE.length; i++) {
      if ((bits & (1 << i)) === 0) continue;
      const key = SINGLE[i]!;
      const sub = schema[key];
      if (isSchemaObject(sub)) {
        const t = this.transform(sub, direction);
        if (t !== sub) set(key, t);
      }
    }
    for (let i = 0; i < ARRAYS.length; i++) {
      if ((bits & (1 << (ARRAYS_FROM + i))) === 0) continue;
      const key = ARRAYS[i]!;
      const list = schema[key];
      if (!Array.isArray(list)) continue;
      const mapped = list.map((s: JsonSchema) => this.transform(s, direction, key === 'prefixItems' ? NONE : hidden));
      if (mapped.some((s, i) => s !== list[i])) set(key, mapped);
      const loosened = key === 'oneOf' ? this.loosenOneOf(list, mapped, direction) : undefined;
      if (loosened !== undefined) {
        // Next to an `anyOf` already there, both must hold: the loosened one joins `allOf`.
        if (schema.anyOf === undefined) set('anyOf', loosened);
        else set('allOf', [...((out?.allOf ?? schema.allOf ?? []) as JsonSchema[]), { anyOf: loosened }]);
        delete out!.oneOf;
      }
    }
    for (let i = 0; i < MAPS.length; i++) {
      if ((bits & (1 << (MAPS_FROM + i))) === 0) continue;
      const key = MAPS[i]!;
      const map = schema[key];
      if (!isSchemaObject(map)) continue;
      const next = this.transformMap(map as Record<string, JsonSchema>, direction, key === 'properties', ownHidden);
      if (next !== map) set(key, next);
    }
    if ((bits & REQUIRED_BIT) === 0) return out ?? schema;
    const required = withoutHidden(schema.required, hidden);
    if (required !== schema.required) {
      set('required', required);
      if ((required as unknown[]).length === 0) delete out!.required;
    }
    return out ?? schema;
  }

  /**
   * A map of subschemas transformed, without the hidden properties when `dropHidden` (`ownHidden`:
   * those names, when already known); the same object when nothing changes (a copy is only made at
   * the first change: most maps have none).
   */
  private transformMap(map: Record<string, JsonSchema>, direction: Direction, dropHidden: boolean, ownHidden?: ReadonlySet<string>): Record<string, JsonSchema> {
    const names = Object.keys(map);
    let next: Record<string, JsonSchema> | undefined;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const sub = map[name]!;
      const hidden = dropHidden && (ownHidden !== undefined ? ownHidden.has(name) : this.hidden(sub, direction));
      const t = hidden ? undefined : this.transform(sub, direction);
      if (next === undefined && t !== sub) {
        next = {};
        for (let k = 0; k < i; k++) setOwn(next, names[k]!, map[names[k]!]!);
      }
      if (next !== undefined && t !== undefined) setOwn(next, name, t);
    }
    return next ?? map;
  }

  /** What diagnostics the transforms since the last call found (one run-wide list, drained by the caller). */
  takeNotes(): string[] {
    return this.notes.splice(0);
  }

  /**
   * Names hidden in `direction` among the object's own properties (also added to `own`), those
   * `allOf`/`$ref` bring in, and `inherited`.
   */
  private hiddenNames(schema: JsonSchemaObject, direction: Direction, inherited: ReadonlySet<string>, own: Set<string>): ReadonlySet<string> {
    const names = new Set(inherited);
    const seen = new Set<string>();
    const visit = (node: JsonSchema): void => {
      if (!isSchemaObject(node)) return;
      const key = defKeyOf(node);
      if (key !== undefined && !seen.has(key)) {
        seen.add(key);
        const target = this.defs[key];
        if (target !== undefined) visit(target);
      }
      const props = node.properties;
      if (isSchemaObject(props)) {
        const keys = Object.keys(props);
        for (let i = 0; i < keys.length; i++) {
          const name = keys[i]!;
          if (!this.hidden(props[name] as JsonSchema, direction)) continue;
          names.add(name);
          if (node === schema) own.add(name);
        }
      }
      if (Array.isArray(node.allOf)) for (const member of node.allOf) visit(member as JsonSchema);
    };
    visit(schema);
    return names.size === 0 ? NONE : names;
  }

  /** Replaces a `oneOf` that removing properties made ambiguous by an `anyOf` of its distinct branches. */
  private loosenOneOf(before: JsonSchema[], after: JsonSchema[], direction: Direction): JsonSchema[] | undefined {
    const effective = (branch: JsonSchema): JsonSchema => {
      const key = defKeyOf(branch);
      return key !== undefined && Object.keys(branch as object).length === 1 ? (this.def(key, direction) ?? branch) : branch;
    };
    const changed = (i: number): boolean => after[i] !== before[i] || effective(after[i]!) !== (this.resolve(after[i]!) ?? after[i]);
    const loosened = loosenedOneOf(before, after, changed, effective);
    if (loosened === undefined) return undefined;
    const names = after.map((b) => defKeyOf(b) ?? 'an inline schema').join(', ');
    this.notes.push(`oneOf branches (${names}) become identical or accept any object once ${hidingKeyword(direction)} properties are left out of the ${direction}; accepted as anyOf instead`);
    return loosened;
  }

  /** A property marked readOnly (request) or writeOnly (response), directly, by `$ref`, or by an `allOf` member. */
  private hidden(schema: JsonSchema, direction: Direction): boolean {
    if (!isSchemaObject(schema)) return false;
    const keyword = hidingKeyword(direction);
    if (schema[keyword] === true) return true;
    const target = this.resolve(schema);
    if (isSchemaObject(target) && target[keyword] === true) return true;
    return Array.isArray(schema.allOf) && schema.allOf.some((s) => isSchemaObject(s) && (s[keyword] === true || (isSchemaObject(this.resolve(s)) && (this.resolve(s) as JsonSchemaObject)[keyword] === true)));
  }

  /**
   * Makes `root` self-contained: the transformed definitions it reaches go into its `$defs`,
   * nearest first (breadth-first). Past `maxDefs` definitions the remaining ones are cut off:
   * references to them become an open schema that names what was omitted, so one huge connected
   * component (Stripe's expandable objects reach ~500 schemas) cannot blow up every tool.
   */
  bundle(root: JsonSchemaObject, direction: Direction, maxDefs = Infinity): JsonSchemaObject {
    const found = new Map<string, JsonSchema>();
    const omitted = new Set<string>();
    const queue: string[] = [];
    collectRefs({ ...root, $defs: undefined }, queue);
    for (let i = 0; i < queue.length; i++) {
      const key = queue[i]!;
      if (found.has(key) || omitted.has(key)) continue;
      const def = this.def(key, direction);
      if (def === undefined) continue;
      if (found.size >= maxDefs) {
        omitted.add(key);
        continue;
      }
      found.set(key, def);
      queue.push(...this.edges(key, direction));
    }
    const cut = (schema: JsonSchema): JsonSchema => (omitted.size === 0 ? schema : replaceRefs(schema, omitted));
    const out: JsonSchemaObject = { ...(cut(root) as JsonSchemaObject) };
    delete out.$defs;
    if (found.size > 0) {
      const defs: Record<string, JsonSchema> = {};
      for (const key of [...found.keys()].sort()) setOwn(defs, key, cut(found.get(key)!));
      out.$defs = defs;
    }
    return out;
  }
}

/** Appends the definition keys `schema` references, in breadth-first order. */
function collectRefs(schema: JsonSchema, into: string[]): void {
  const queue: JsonSchema[] = [schema];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (!isSchemaObject(node)) continue;
    const key = defKeyOf(node);
    if (key !== undefined) into.push(key);
    forEachSubschema(node, (sub) => queue.push(sub));
  }
}

/** Copy-on-write: every `$ref` to an omitted definition becomes an open schema describing it. */
function replaceRefs(schema: JsonSchema, omitted: ReadonlySet<string>): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  const key = defKeyOf(schema);
  if (key !== undefined && omitted.has(key)) {
    const { $ref: _ref, ...rest } = schema;
    return { ...rest, description: typeof rest.description === 'string' ? rest.description : `A ${key} object (schema omitted for size).` };
  }
  let out: JsonSchemaObject | undefined;
  for (const k of SINGLE) {
    const sub = schema[k];
    if (!isSchemaObject(sub)) continue;
    const r = replaceRefs(sub, omitted);
    if (r !== sub) (out ??= { ...schema })[k] = r;
  }
  for (const k of ARRAYS) {
    const list = schema[k];
    if (!Array.isArray(list)) continue;
    const mapped = list.map((s: JsonSchema) => replaceRefs(s, omitted));
    if (mapped.some((m, i) => m !== list[i])) (out ??= { ...schema })[k] = mapped;
  }
  for (const k of MAPS) {
    const map = schema[k];
    if (!isSchemaObject(map)) continue;
    let next: Record<string, JsonSchema> | undefined;
    for (const [name, sub] of Object.entries(map)) {
      const r = replaceRefs(sub as JsonSchema, omitted);
      if (r !== sub) setOwn((next ??= { ...(map as Record<string, JsonSchema>) }), name, r);
    }
    if (next) (out ??= { ...schema })[k] = next;
  }
  return out ?? schema;
}
