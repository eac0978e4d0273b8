/**
 * JSON Schema 2020-12 (as the map stage produces it) → a TypeScript type expression.
 *
 * Why not json-schema-to-typescript: given the same job with every trick it allows (shared
 * definitions compiled once, identical schemas once, `format: false`), it took 0.9 s on GitHub's
 * 1,223 tools and 3.1 s on Stripe's 452, plus 70 ms to import, against 66 ms and 108 ms here
 * (`node bench/client-types.mjs`); it is async; it does not know 2020-12 `prefixItems`; and it
 * turns schema keywords into code (`tsType` is pasted verbatim, titles become names), which a spec
 * — untrusted input — must never be able to do. Here every string from a spec enters the output
 * only through `JSON.stringify` (property names, literals) or a sanitized doc comment.
 *
 * Mapping: `type` (arrays of types → unions; `integer` → number), `const`/`enum` → literal
 * unions, `properties`/`required` → optional and required members, `additionalProperties` and
 * `patternProperties` → an index signature (absent → none when properties are declared, for
 * autocompletion and typo checks; an object without properties is open), `items`/`prefixItems` →
 * arrays and tuples, `anyOf`/`oneOf` → unions, `allOf` and keywords side by side → intersections,
 * `$ref` → the name the caller gives the definition. Anything else (`not`, `if`, formats, bounds)
 * does not narrow the type.
 */
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { schemaDoc } from './doc-comment.js';
import { MAX_UNION_WIDTH } from './type-width.js';
import { arrayOf, atom, enumType, intersection, literal, NEVER, PRIMITIVE, type Printed, union, UNKNOWN } from './printed-type.js';

export { docComment } from './doc-comment.js';

const DEF_PREFIX = '#/$defs/';
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export interface TypeContext {
  /** The type name for `#/$defs/<key>`, or undefined (dangling) → `unknown`. */
  ref(key: string): string | undefined;
  /**
   * Called with every definition key referenced where a type alias resolves it at once (through
   * unions and intersections, not inside object members or array elements): cycles of those
   * would make `type A = B & …; type B = A & …` circular, see {@link breakRefs}.
   */
  onEagerRef?(key: string): void;
  /** Keys whose eager references are written `unknown` (to break an alias cycle). */
  breakRefs?: ReadonlySet<string>;
  /** Printed object, array and composed schemas to reuse (not used together with `breakRefs`). */
  memo?: TypeMemo;
  /** True for a composed schema whose union tsc could not represent (type-width.ts): printed `unknown`. */
  tooWide?(schema: JsonSchemaObject): boolean;
}

/** One `ref` lookup made while printing a schema: the printed text holds for a context that resolves it alike. */
interface RefUse {
  key: string;
  name: string | undefined;
  eager: boolean;
}

interface MemoEntry {
  /** Indent depth and eagerness the schema was printed at (see {@link slotOf}). */
  slot: number;
  printed: Printed;
  refs: RefUse[];
}

/**
 * Printed sub-schemas by object identity, indent and eagerness. The map stage shares one object
 * between every tool schema that contains the same sub-schema (GitHub: a third of the per-tool type
 * text repeats), so a run prints each once. An entry is reused only when the current context
 * resolves every reference made while printing it to the same name, and its eager references are
 * reported again, so the result is the same as printing afresh.
 *
 * A schema is remembered from its second print on: keeping every print (and its text) alive cost
 * more than the hits saved where few objects repeat (client types in instructions, cold: Stripe
 * 442 M with a memo of every print, 400 M without one; GitHub 500 M / 460 M; kubernetes and
 * msgraph gained from it). A Map, not a WeakMap: the memo lives for one emit.
 */
export class TypeMemo {
  /** The entries of each printed schema object, usually one. */
  readonly entries = new Map<object, MemoEntry[]>();
  /** Schemas printed once so far: remembered from their second print on. */
  readonly seen = new Set<object>();
}

/** The memo slot of a print: indents are runs of spaces, so their length says which. */
function slotOf(indent: string, eager: boolean): number {
  return indent.length * 2 + (eager ? 1 : 0);
}

/** The reference lookups of the memoized prints in progress (innermost last), see {@link TypeMemo}. */
let recording: RefUse[] | undefined;

/** The type of `schema`, members indented from `indent`. */
export function schemaToType(schema: JsonSchema, ctx: TypeContext, indent = ''): string {
  return print(schema, ctx, indent, true).text;
}

/** A property name: bare when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function print(schema: JsonSchema, ctx: TypeContext, indent: string, eager: boolean): Printed {
  if (schema === true) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isSchemaObject(schema)) return UNKNOWN;
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.length > MAX_UNION_WIDTH ? UNKNOWN : enumType(schema.enum);
  // Most schemas are one primitive type and nothing else: what printSchema would return, without its calls.
  const type = schema.type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array' && schema.$ref === undefined && schema.allOf === undefined && schema.anyOf === undefined && schema.oneOf === undefined) {
    return Object.hasOwn(PRIMITIVE, type) ? PRIMITIVE[type]! : UNKNOWN;
  }
  const memo = ctx.memo;
  if (memo === undefined || ctx.breakRefs !== undefined || !isComposite(schema)) return printSchema(schema, ctx, indent, eager);
  let entries = memo.entries.get(schema);
  if (entries === undefined && !memo.seen.has(schema)) {
    memo.seen.add(schema);
    return printSchema(schema, ctx, indent, eager);
  }
  const slot = slotOf(indent, eager);
  const hit = entries?.find((e) => e.slot === slot);
  if (hit !== undefined && resolvesAlike(hit.refs, ctx)) {
    if (hit.refs.length > 0) {
      if (ctx.onEagerRef !== undefined) for (const use of hit.refs) if (use.eager) ctx.onEagerRef(use.key);
      if (recording !== undefined) for (const use of hit.refs) recording.push(use);
    }
    return hit.printed;
  }
  const outer = recording;
  const refs: RefUse[] = [];
  recording = refs;
  let printed: Printed;
  try {
    printed = printSchema(schema, ctx, indent, eager);
  } finally {
    recording = outer;
  }
  if (outer !== undefined) for (const use of refs) outer.push(use);
  // One entry per slot: a print under other names replaces the one before, as a Map by slot would.
  const entry = { slot, printed, refs };
  if (entries === undefined) memo.entries.set(schema, [entry]);
  else if (hit !== undefined) entries[entries.indexOf(hit)] = entry;
  else entries.push(entry);
  return printed;
}

function resolvesAlike(refs: readonly RefUse[], ctx: TypeContext): boolean {
  for (const use of refs) if (ctx.ref(use.key) !== use.name) return false;
  return true;
}

/** Worth remembering: a schema with members, elements or alternatives (leaves print faster than a lookup). */
function isComposite(schema: JsonSchemaObject): boolean {
  return schema.properties !== undefined || schema.items !== undefined || schema.prefixItems !== undefined || schema.allOf !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined || schema.additionalProperties !== undefined;
}

function printSchema(schema: JsonSchemaObject, ctx: TypeContext, indent: string, eager: boolean): Printed {
  const ref = typeof schema.$ref === 'string' ? refType(schema.$ref, ctx, eager) : undefined;
  const base = baseType(schema, ctx, indent);
  const { allOf, anyOf, oneOf } = schema;
  // Most schemas are one type: the intersection of one part is that part.
  if (ref === undefined && !Array.isArray(allOf) && !Array.isArray(anyOf) && !Array.isArray(oneOf)) return base === undefined || base.text === 'unknown' ? UNKNOWN : base;
  if (ctx.tooWide?.(schema) === true) return UNKNOWN;
  return composedType(ref, base, allOf, anyOf, oneOf, ctx, indent, eager);
}

/** `$ref`, base type, `allOf` and the unions of `anyOf`/`oneOf` side by side (apart: the rarer case stays out of the hot path). */
function composedType(ref: Printed | undefined, base: Printed | undefined, allOf: unknown, anyOf: unknown, oneOf: unknown, ctx: TypeContext, indent: string, eager: boolean): Printed {
  const parts: Printed[] = [];
  if (ref !== undefined) parts.push(ref);
  if (base !== undefined) parts.push(base);
  if (Array.isArray(allOf)) for (const member of allOf as JsonSchema[]) parts.push(print(member, ctx, indent, eager));
  if (Array.isArray(anyOf) && anyOf.length > 0) parts.push(union((anyOf as JsonSchema[]).map((m) => print(m, ctx, indent, eager))));
  if (Array.isArray(oneOf) && oneOf.length > 0) parts.push(union((oneOf as JsonSchema[]).map((m) => print(m, ctx, indent, eager))));
  return intersection(parts);
}

function refType(ref: string, ctx: TypeContext, eager: boolean): Printed {
  if (!ref.startsWith(DEF_PREFIX)) return UNKNOWN;
  const key = ref.slice(DEF_PREFIX.length);
  if (eager) {
    if (ctx.breakRefs?.has(key)) return UNKNOWN;
    ctx.onEagerRef?.(key);
  }
  const name = ctx.ref(key);
  recording?.push({ key, name, eager });
  return name === undefined ? UNKNOWN : atom(name);
}

/** The types a schema names: `type`, else object or array from the keywords present. */
export function typesOf(schema: JsonSchemaObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  const out: string[] = [];
  if (isSchemaObject(schema.properties) || schema.additionalProperties !== undefined || isSchemaObject(schema.patternProperties) || Array.isArray(schema.required)) out.push('object');
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) out.push('array');
  return out;
}

function baseType(schema: JsonSchemaObject, ctx: TypeContext, indent: string): Printed | undefined {
  // Most schemas name one type: no list to build.
  if (typeof schema.type === 'string') return typeNamed(schema.type, schema, ctx, indent);
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  return union(types.map((type) => typeNamed(type, schema, ctx, indent)));
}

function typeNamed(type: string, schema: JsonSchemaObject, ctx: TypeContext, indent: string): Printed {
  if (type === 'object') return objectType(schema, ctx, indent);
  if (type === 'array') return arrayType(schema, ctx, indent);
  return Object.hasOwn(PRIMITIVE, type) ? PRIMITIVE[type]! : UNKNOWN;
}

function arrayType(schema: JsonSchemaObject, ctx: TypeContext, indent: string): Printed {
  const items = schema.items as JsonSchema | undefined;
  if (Array.isArray(schema.prefixItems)) {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const members = (schema.prefixItems as JsonSchema[]).map((s, i) => {
      const element = print(s, ctx, indent, false);
      if (i < min) return element.text;
      return element.kind === 'atom' ? `${element.text}?` : `(${element.text})?`;
    });
    if (items !== false) members.push(`...${arrayOf(items === undefined ? UNKNOWN : print(items, ctx, indent, false))}`);
    return atom(`[${members.join(', ')}]`);
  }
  return atom(arrayOf(items === undefined ? UNKNOWN : print(items, ctx, indent, false)));
}

function objectType(schema: JsonSchemaObject, ctx: TypeContext, indent: string): Printed {
  const inner = `${indent}  `;
  // `includes` on the list itself: only a string can equal a property name, and lists are short.
  const required = Array.isArray(schema.required) ? (schema.required as readonly unknown[]) : undefined;
  // Members are appended to the text, one line (and doc comment) each: no list to join.
  let text = '{\n';
  let count = 0;
  const properties = schema.properties;
  if (isSchemaObject(properties)) {
    for (const name of Object.keys(properties)) {
      const sub = properties[name] as JsonSchema;
      text += `${schemaDoc(sub, inner)}${inner}${propertyKey(name)}${required !== undefined && required.includes(name) ? '' : '?'}: ${print(sub, ctx, inner, false).text};\n`;
      count++;
    }
  }
  const additional = schema.additionalProperties as JsonSchema | undefined;
  const patterns = isSchemaObject(schema.patternProperties) ? (Object.values(schema.patternProperties) as JsonSchema[]) : undefined;
  const noPatterns = patterns === undefined || patterns.length === 0;
  let index: Printed | undefined;
  if (additional === undefined && noPatterns) index = count === 0 ? UNKNOWN : undefined;
  else if (additional === false && noPatterns) index = count === 0 ? NEVER : undefined;
  // Declared members must fit the index signature's type: with members it stays unknown.
  else if (count > 0) index = UNKNOWN;
  else index = indexType(additional, patterns, ctx, inner);
  if (index !== undefined) text += `${inner}[key: string]: ${index.text};\n`;
  return atom(`${text}${indent}}`);
}

/** The index signature's type of an object without members: its additional and pattern properties. */
function indexType(additional: JsonSchema | undefined, patterns: readonly JsonSchema[] | undefined, ctx: TypeContext, inner: string): Printed {
  return union([...(additional === undefined || additional === false ? [] : [additional]), ...(patterns ?? [])].map((s) => print(s, ctx, inner, false)));
}
