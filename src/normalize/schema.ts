/**
 * OpenAPI 2.0/3.0/3.1 Schema Object → JSON Schema 2020-12.
 *
 * Pure: reads the spec, returns new objects, never throws. Real specs are often invalid, so every
 * keyword value is checked against the 2020-12 meta-schema (see `schema-keywords.ts`); what would
 * not compile is dropped with a `schema-invalid` warning pointing at it. `$ref`s become
 * `{ "$ref": "#/$defs/<key>" }` through `ctx.refToDef`. OpenAPI-specific rewrites (`nullable`,
 * boolean exclusive bounds, `example`, binary strings) live in `schema-openapi.ts`.
 */
import { childPointer, pointerSegment, type SourceLocation } from '../diagnostics.js';
import { isSchemaObject, type JsonSchema, type JsonSchemaObject } from '../model/json-schema.js';
import type { SchemaContext } from './schema-context.js';
import { checkValue, clone, describeValue, DROPPED_KEYWORDS, quoteKeywordValue, SUBSCHEMA_KEYWORDS, VALUE_KEYWORDS } from './schema-keywords.js';
import { applyOpenApiRewrites, mayBeFile, REWRITTEN } from './schema-openapi.js';
import { applyDiscriminator } from './schema-discriminator.js';
import { dropForbiddenRequired } from './schema-required.js';
import { capPatternLength, SLOW_KEY_PROBLEM } from './pattern-length-cap.js';
import { setOwn } from './set-own.js';

/**
 * Converts the schema found at `at` (`at.file` is the URL of its file: nested `$ref`s resolve
 * against it). Booleans are kept (valid 2020-12 schemas); any other non-object gives `{}`.
 */
export function convertSchema(schema: unknown, ctx: SchemaContext, at: SourceLocation): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isSchemaObject(schema)) {
    ctx.diagnostics.warn('schema-invalid', `Expected a schema object, not ${describeValue(schema)}; using an empty schema`, at);
    return {};
  }
  if (typeof schema.$ref === 'string' && (ctx.versionAt?.(at) ?? ctx.version) !== '3.1') return convertRefIgnoringSiblings(schema.$ref, schema, ctx, at);
  const out: JsonSchemaObject = {};
  let passes = 0;
  // Indexed loops over `Object.keys` here and in the other per-node passes: this code runs
  // mostly before V8 optimizes it, where `for…of` costs an iterator call per key.
  const keywords = Object.keys(schema);
  for (let i = 0; i < keywords.length; i++) {
    const keyword = keywords[i]!;
    convertKeyword(keyword, schema, out, ctx, at);
    passes |= PASSES.get(keyword) ?? (keyword === 'type' && mayBeFile(schema.type) ? REWRITE : 0);
  }
  // Each pass below only acts on a schema with one of its keywords. Most schemas have none:
  // asking for each of them (absent, on objects of thousands of shapes) cost more than this.
  if ((passes & REQUIRED_UNDER_CLOSED) === REQUIRED_UNDER_CLOSED) dropForbiddenRequired(out, ctx.diagnostics, at);
  if ((passes & UNION) !== 0) applyDiscriminator(out, schema, ctx, at);
  if ((passes & PATTERN) !== 0) capPatternLength(out, (message) => ctx.diagnostics.warn('pattern-length-cap', message, loc(at, 'pattern')), ctx.patterns.needsLengthCap);
  return (passes & REWRITE) !== 0 ? applyOpenApiRewrites(out, schema) : out;
}

const REWRITE = 1;
const UNION = 2;
const REQUIRED_UNDER_CLOSED = 4 | 8;
const PATTERN = 16;
/**
 * The keywords the passes after the conversion start from: `applyOpenApiRewrites` (see
 * {@link REWRITTEN}; and a `type` that {@link mayBeFile}), `applyDiscriminator` (a `oneOf` or
 * `anyOf`), `dropForbiddenRequired` (`required` beside `additionalProperties`, which only the
 * keywords of those names put into the converted schema), `capPatternLength` (a `pattern`).
 */
const PASSES: ReadonlyMap<string, number> = new Map([
  ...[...REWRITTEN].map((keyword) => [keyword, REWRITE] as const),
  ['oneOf', UNION],
  ['anyOf', UNION],
  ['required', 4],
  ['additionalProperties', 8],
  ['pattern', PATTERN],
]);

/** The types `checkValue` keeps as they are. */
const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * OpenAPI 2.0/3.0: "This object cannot be extended with additional properties and any properties
 * added SHALL be ignored" (3.0.3 §4.7.23). Only `description` is kept, for the model's benefit.
 */
function convertRefIgnoringSiblings(ref: string, schema: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  const key = ctx.refToDef(ref, at);
  if (key !== undefined) out.$ref = `#/$defs/${key}`;
  if (typeof schema.description === 'string') out.description = schema.description;
  return out;
}

function convertKeyword(keyword: string, schema: JsonSchemaObject, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  const valueKind = VALUE_KEYWORDS.get(keyword);
  if (valueKind === 'string' || valueKind === 'type') {
    // The most common keywords (`type`, `description`, `format`, `title`) with a valid value:
    // what the general path below keeps, without its checks.
    const value = schema[keyword];
    if (typeof value === 'string' && (valueKind === 'string' || JSON_TYPES.has(value))) {
      out[keyword] = value;
      return;
    }
  }
  if (keyword.startsWith('x-') || (DROPPED_KEYWORDS.has(keyword) && ctx.keep?.has(keyword) !== true)) return;
  const value = schema[keyword];
  // `required: false` and an empty YAML `description:` say nothing: drop them without a warning.
  if ((keyword === 'required' && value === false) || (value === null && (keyword === 'description' || keyword === 'title'))) return;
  switch (keyword) {
    case '$ref':
      convertRef(value, out, ctx, at);
      return;
    case 'items':
      convertItems(value, schema, out, ctx, at);
      return;
    case 'additionalItems':
      return; // only meaningful next to tuple-style `items`, handled there
    case 'dependencies':
      convertDependencies(value, out, ctx, at);
      return;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      // OpenAPI 2.0/3.0 booleans are rewritten in schema-openapi.ts; 2020-12 wants a number.
      if (typeof value === 'boolean') return;
      break;
    case '$recursiveRef':
      if (convertRecursiveRef(value, out, ctx, at)) return;
    // falls through
    case '$dynamicRef':
      ctx.diagnostics.warn('schema-unsupported', `"${keyword}" is not supported; ignored`, loc(at, keyword));
      return;
  }
  const subschemaKind = SUBSCHEMA_KEYWORDS.get(keyword);
  if (subschemaKind === 'schema') {
    setOwn(out, keyword, convertSchema(value, ctx, loc(at, keyword)));
  } else if (subschemaKind === 'schemaArray') {
    convertSchemaArray(keyword, value, out, ctx, at);
  } else if (subschemaKind === 'schemaMap') {
    convertSchemaMap(keyword, value, out, ctx, at);
  } else {
    if (valueKind === undefined) {
      // Unknown keyword: 2020-12 treats it as an annotation; keep it.
      setOwn(out, keyword, clone(value));
      return;
    }
    const checked = checkValue(keyword, valueKind, value, keyword === 'pattern' ? schema.maxLength : undefined, ctx.patterns.check);
    if (checked.problem !== undefined) warn(ctx, checked.problem, at, keyword);
    if (checked.value === undefined) return;
    if (keyword === 'dependentRequired') mergeInto(out, keyword, checked.value as JsonSchemaObject);
    else setOwn(out, keyword, checked.value);
  }
}

function convertRef(value: unknown, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (typeof value !== 'string') {
    warn(ctx, `"$ref" must be a string, not ${describeValue(value)}; ignored`, at, '$ref');
    return;
  }
  const key = ctx.refToDef(value, at);
  if (key !== undefined) out.$ref = `#/$defs/${key}`;
}

/**
 * `$recursiveRef: "#"` (2019-09) with no `$recursiveAnchor` is a `$ref` to the schema resource it
 * sits in. OpenAPI specs (OpenAI's) use it inside a component to mean that component, so it becomes
 * a `$ref` to the enclosing root-file component. Returns false when there is none.
 */
function convertRecursiveRef(value: unknown, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): boolean {
  if (value !== '#' || out.$ref !== undefined) return false;
  const component = /^\/(?:components\/schemas|definitions)\/[^/]+/.exec(at.pointer)?.[0];
  if (component === undefined) return false;
  const ref = '#' + component.split('/').map(encodeURIComponent).join('/');
  const key = ctx.refToDef(ref, at);
  if (key !== undefined) out.$ref = `#/$defs/${key}`;
  return true;
}

/** `items` as an array is draft-4 tuple validation: 2020-12 spells it `prefixItems` + `items` (was `additionalItems`). */
function convertItems(value: unknown, schema: JsonSchemaObject, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (!Array.isArray(value)) {
    out.items = convertSchema(value, ctx, loc(at, 'items'));
    return;
  }
  if (schema.prefixItems === undefined && value.length > 0) {
    out.prefixItems = value.map((item, i) => convertSchema(item, ctx, loc(at, 'items', i)));
  }
  if (schema.additionalItems !== undefined) out.items = convertSchema(schema.additionalItems, ctx, loc(at, 'additionalItems'));
}

/** Draft-4…7 `dependencies` splits into 2020-12 `dependentRequired` (name lists) and `dependentSchemas`. */
function convertDependencies(value: unknown, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (!isSchemaObject(value)) {
    warn(ctx, `"dependencies" must be an object, not ${describeValue(value)}; ignored`, at, 'dependencies');
    return;
  }
  const required: JsonSchemaObject = {};
  const schemas: JsonSchemaObject = {};
  for (const [name, dependency] of Object.entries(value)) {
    if (Array.isArray(dependency)) {
      const checked = checkValue(`dependencies/${name}`, 'stringArray', dependency);
      if (checked.problem !== undefined) warn(ctx, checked.problem, at, 'dependencies', name);
      setOwn(required, name, checked.value);
    } else {
      setOwn(schemas, name, convertSchema(dependency, ctx, loc(at, 'dependencies', name)));
    }
  }
  if (Object.keys(required).length > 0) mergeInto(out, 'dependentRequired', required);
  if (Object.keys(schemas).length > 0) mergeInto(out, 'dependentSchemas', schemas);
}

function convertSchemaArray(keyword: string, value: unknown, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (!Array.isArray(value)) {
    warn(ctx, `"${keyword}" must be an array of schemas, not ${describeValue(value)}; ignored`, at, keyword);
    return;
  }
  if (value.length === 0) {
    warn(ctx, `"${keyword}" must not be empty; ignored`, at, keyword);
    return;
  }
  setOwn(
    out,
    keyword,
    value.map((item, i) => convertSchema(item, ctx, loc(at, keyword, i))),
  );
}

function convertSchemaMap(keyword: string, value: unknown, out: JsonSchemaObject, ctx: SchemaContext, at: SourceLocation): void {
  if (!isSchemaObject(value)) {
    warn(ctx, `"${keyword}" must be an object of schemas, not ${describeValue(value)}; ignored`, at, keyword);
    return;
  }
  const map: JsonSchemaObject = {};
  const add = (entries: JsonSchemaObject, entriesAt: SourceLocation): void => {
    const names = Object.keys(entries);
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const sub = entries[name];
      let key = name;
      if (keyword === 'patternProperties') {
        const checked = ctx.patterns.check(name);
        if ('problem' in checked || ctx.patterns.needsLengthCap(checked.pattern)) {
          warn(ctx, `Pattern ${quoteKeywordValue(name)} ${'problem' in checked ? checked.problem : SLOW_KEY_PROBLEM}`, entriesAt, name);
          continue;
        }
        key = checked.pattern;
      }
      setOwn(map, key, convertSchema(sub, ctx, loc(entriesAt, name)));
    }
  };
  const mapAt = loc(at, keyword);
  if (typeof value.$ref === 'string') {
    // The whole map by reference (`properties: { $ref: "attributes.yml#/x" }`): the target's
    // entries, then any written next to the `$ref`.
    const { $ref: ref, ...rest } = value;
    const target = resolveMap(ref, ctx, mapAt);
    if (target !== undefined) add(target.value, target.at);
    add(rest, mapAt);
  } else {
    add(value, mapAt);
  }
  mergeInto(out, keyword, map);
}

function resolveMap(ref: string, ctx: SchemaContext, at: SourceLocation): { value: JsonSchemaObject; at: SourceLocation } | undefined {
  if (ctx.resolve === undefined) {
    ctx.diagnostics.warn('schema-invalid', `A map of schemas given as $ref "${ref}" is not supported here; ignored`, at);
    return undefined;
  }
  const target = ctx.resolve(ref, at);
  if (target === undefined) return undefined;
  if (!isSchemaObject(target.value)) {
    ctx.diagnostics.warn('schema-invalid', `$ref "${ref}" must point at an object of schemas, not ${describeValue(target.value)}; ignored`, at);
    return undefined;
  }
  return { value: target.value, at: target.at };
}

/** Sets `out[keyword]`, merging with what `dependencies` may already have put there. */
function mergeInto(out: JsonSchemaObject, keyword: string, map: JsonSchemaObject): void {
  const existing = out[keyword];
  if (!isSchemaObject(existing)) {
    setOwn(out, keyword, map);
    return;
  }
  for (const [name, v] of Object.entries(map)) setOwn(existing, name, v);
}

/** `at` one or two segments further down: `childPointer` without its argument lists (a call per subschema). */
function loc(at: SourceLocation, segment: string | number, next?: string | number): SourceLocation {
  const pointer = at.pointer + pointerSegment(segment);
  return { file: at.file, pointer: next === undefined ? pointer : pointer + pointerSegment(next) };
}

function warn(ctx: SchemaContext, message: string, at: SourceLocation, ...segments: (string | number)[]): void {
  ctx.diagnostics.warn('schema-invalid', message, { file: at.file, pointer: childPointer(at.pointer, ...segments) });
}
