/**
 * Placeholder arguments for the README's typed-client example: `{ petId: 1 }`, or
 * `{ customer: { name: '…' }, kind: 'retail', lines: [] }`. The value must type-check against the
 * client's `<Method>Args` (schema-types.ts), so it follows that mapping: `const`/`enum` → the first
 * value as a literal, local `$ref`s into the input schema's `$defs`, `allOf` and keywords side by
 * side taken together, the first branch of `anyOf`/`oneOf` (the next when it gives no value), the
 * first type of a list (`null` last), and the required members of objects (nested ones too, up to
 * {@link MAX_DEPTH}). Optional members are left out, and so is a required name the type does not
 * declare (an object literal may not hold it).
 *
 * Spec text (property names, enum and const values) enters only as quoted string literals.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import type { Tool } from '../model/tool-model.js';
import { typesOf as declaredTypes } from './schema-types.js';

const DEF_PREFIX = '#/$defs/';
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Objects and arrays nested below the arguments: deeper required members give up (another tool is shown). */
const MAX_DEPTH = 4;

/** Values one example may build: more would not be short (and wide schemas would cost). */
const BUDGET = 100;
/** Arguments longer than this on one line are laid out one member a line. */
const LINE = 72;
/** Branches of an `anyOf`/`oneOf` tried, in order, before giving up on a value. */
const BRANCHES = 3;
const PRIMITIVES: Readonly<Record<string, string>> = { number: '1', boolean: 'true', null: 'null', string: "'…'" };

interface Context {
  /** The input schema's `$defs`. */
  defs: JsonSchemaObject;
  /** Values still allowed. */
  budget: number;
}

/** The branch taken for each `anyOf`/`oneOf` list (by identity) on the way to a value. */
type Choices = ReadonlyMap<unknown[], JsonSchema>;

/**
 * The arguments of a call to `tool`'s method: `''` when it needs none, undefined when no short
 * placeholder would type-check (a required member deeper than {@link MAX_DEPTH}, a `never` type).
 * Long ones take a line per member, indented for the README's `try` block.
 */
export function exampleArguments(tool: Tool): string | undefined {
  const root = tool.definition.inputSchema;
  const ctx: Context = { defs: isSchemaObject(root.$defs) ? root.$defs : {}, budget: BUDGET };
  // An inputSchema is an object (MCP), whether or not it says so.
  const members = value([root.type === undefined ? { ...root, type: 'object' } : root], ctx, 0);
  if (typeof members !== 'object') return members === '{}' ? '' : undefined;
  if (members.length === 0) return '';
  const line = `{ ${members.join(', ')} }`;
  return line.length <= LINE ? line : `{\n${members.map((m) => `    ${m},\n`).join('')}  }`;
}

/** A value of the intersection of `schemas`, as TypeScript. */
function placeholder(schemas: readonly JsonSchema[], ctx: Context, depth: number): string | undefined {
  const v = value(schemas, ctx, depth);
  return typeof v === 'object' ? (v.length === 0 ? '{}' : `{ ${v.join(', ')} }`) : v;
}

/**
 * A value of the intersection of `schemas` (an object as its `name: value` members): of the first
 * `anyOf`/`oneOf` branch and the first type (`null` last) that give one.
 */
function value(schemas: readonly JsonSchema[], ctx: Context, depth: number, choices: Choices = new Map()): string | string[] | undefined {
  if (--ctx.budget < 0) return undefined;
  const expanded = expand(schemas, ctx.defs, choices);
  if (expanded === undefined) return undefined;
  const { parts, open } = expanded;
  if (open !== undefined) {
    for (const branch of open.slice(0, BRANCHES)) {
      const v = value(schemas, ctx, depth, new Map(choices).set(open, branch as JsonSchema));
      if (v !== undefined) return v;
    }
    return undefined;
  }
  for (const part of parts) {
    if ('const' in part) return literal(part.const);
    if (Array.isArray(part.enum)) return part.enum.length === 0 ? undefined : literal(part.enum[0]);
  }
  for (const type of typesOf(parts)) {
    const v = type === 'object' ? objectMembers(parts, ctx, depth) : type === 'array' ? arrayValue(parts, ctx, depth) : Object.hasOwn(PRIMITIVES, type) ? PRIMITIVES[type] : "'…'";
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * The schema objects a value must satisfy (`$ref` targets and `allOf` members included, the chosen
 * branch of each `anyOf`/`oneOf`), and the first branch list not chosen yet; undefined for `false`.
 */
function expand(schemas: readonly JsonSchema[], defs: JsonSchemaObject, choices: Choices): { parts: JsonSchemaObject[]; open?: unknown[] } | undefined {
  const parts: JsonSchemaObject[] = [];
  const pending = [...schemas];
  // Enough for any real composition; a $ref cycle without nesting stops here.
  for (let steps = 0; pending.length > 0; steps++) {
    if (steps > 64) return undefined;
    const schema = pending.shift()!;
    if (schema === false) return undefined;
    if (!isSchemaObject(schema)) continue;
    parts.push(schema);
    // A `const` or `enum` is the whole type (schema-types.ts): its other keywords do not narrow it.
    if ('const' in schema || Array.isArray(schema.enum)) continue;
    if (typeof schema.$ref === 'string') {
      const key = schema.$ref.startsWith(DEF_PREFIX) ? schema.$ref.slice(DEF_PREFIX.length) : undefined;
      // An unresolved reference is typed `unknown`: nothing to satisfy.
      if (key !== undefined && Object.hasOwn(defs, key)) pending.push(defs[key] as JsonSchema);
    }
    if (Array.isArray(schema.allOf)) pending.push(...(schema.allOf as JsonSchema[]));
    for (const branches of [schema.anyOf, schema.oneOf]) {
      if (!Array.isArray(branches) || branches.length === 0) continue;
      const chosen = choices.get(branches);
      if (chosen === undefined) return { parts, open: branches };
      pending.push(chosen);
    }
  }
  return { parts };
}

/** The types every part allows (`integer` as `number`, `null` last), `string` when none says. */
function typesOf(parts: readonly JsonSchemaObject[]): string[] {
  let allowed: string[] | undefined;
  for (const part of parts) {
    const types = declaredTypes(part).map((t) => (t === 'integer' ? 'number' : t));
    if (types.length > 0) allowed = allowed === undefined ? types : allowed.filter((t) => types.includes(t));
  }
  if (allowed === undefined) return ['string'];
  return [...allowed.filter((t) => t !== 'null'), ...allowed.filter((t) => t === 'null')];
}

/** `name: value` of each required member. */
function objectMembers(parts: readonly JsonSchemaObject[], ctx: Context, depth: number): string[] | undefined {
  const required = [...new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required.filter((r): r is string => typeof r === 'string') : [])))];
  if (required.length === 0) return [];
  if (depth >= MAX_DEPTH) return undefined;
  const members: string[] = [];
  for (const name of required) {
    const declared = parts.flatMap((p) => (isSchemaObject(p.properties) && Object.hasOwn(p.properties, name) ? [p.properties[name] as JsonSchema] : []));
    const schemas = declared.length > 0 ? declared : indexSchemas(parts);
    if (schemas === undefined) continue;
    const value = placeholder(schemas, ctx, depth + 1);
    if (value === undefined) return undefined;
    members.push(`${key(name)}: ${value}`);
  }
  return members;
}

/**
 * What an undeclared member must be: the index signature's type of an open part (none declared:
 * `[]`, anything goes), or undefined when every part is closed (no index signature).
 */
function indexSchemas(parts: readonly JsonSchemaObject[]): JsonSchema[] | undefined {
  for (const part of parts) {
    if (!declaredTypes(part).includes('object')) continue;
    const additional = part.additionalProperties as JsonSchema | undefined;
    const patterns = isSchemaObject(part.patternProperties) ? (Object.values(part.patternProperties) as JsonSchema[]) : [];
    const declared = isSchemaObject(part.properties) && Object.keys(part.properties).length > 0;
    if (patterns.length === 0 && (additional === false || (additional === undefined && declared))) continue;
    // With declared members the index signature is `unknown`.
    if (declared) return [];
    const index = [...(additional === undefined || additional === false ? [] : [additional]), ...patterns];
    return index.slice(0, 1);
  }
  return undefined;
}

function arrayValue(parts: readonly JsonSchemaObject[], ctx: Context, depth: number): string | undefined {
  const min = Math.max(0, ...parts.map((p) => (typeof p.minItems === 'number' ? p.minItems : 0)));
  if (min === 0) return '[]';
  if (depth >= MAX_DEPTH) return undefined;
  const tuple = parts.find((p) => Array.isArray(p.prefixItems));
  const prefix = tuple === undefined ? [] : (tuple.prefixItems as JsonSchema[]);
  const items = parts.flatMap((p) => (p.items !== undefined && !Array.isArray(p.items) ? [p.items as JsonSchema] : []));
  // A tuple types its first `minItems` elements as required; a list needs one element to show.
  const count = tuple === undefined ? 1 : Math.min(min, prefix.length);
  const elements: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = placeholder(i < prefix.length ? [prefix[i]!] : items, ctx, depth + 1);
    if (value === undefined) return undefined;
    elements.push(value);
  }
  return `[${elements.join(', ')}]`;
}

/** A JSON value as a TypeScript expression: strings single-quoted and escaped. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (isSchemaObject(value)) {
    const members = Object.keys(value).map((k) => `${key(k)}: ${literal(value[k])}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A property name: bare when it is an identifier; `['__proto__']`, as any other key, would otherwise set the prototype. */
function key(name: string): string {
  if (name === '__proto__') return "['__proto__']";
  return IDENTIFIER.test(name) ? name : literal(name);
}
