/**
 * Which JSON Schema 2020-12 keywords `convertSchema` understands and what shape each value must
 * have to pass the 2020-12 meta-schema (Ajv validates every schema against it before compiling).
 * A value of the wrong shape is dropped with a `schema-invalid` warning instead of breaking the
 * whole tool.
 */
import { checkPattern } from './schema-pattern.js';
import { setOwn } from './set-own.js';

/** Where subschemas live. */
export type SubschemaKind = 'schema' | 'schemaArray' | 'schemaMap';

/** Non-schema keyword values, each checked against the meta-schema's rule for it. */
export type ValueKind =
  | 'nonNegativeInteger'
  | 'number'
  | 'positiveNumber'
  | 'boolean'
  | 'string'
  | 'regex'
  | 'type'
  | 'stringArray'
  | 'enum'
  | 'array'
  | 'dependentRequired'
  | 'any';

export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, SubschemaKind> = new Map<string, SubschemaKind>([
  ['additionalProperties', 'schema'],
  ['contains', 'schema'],
  ['propertyNames', 'schema'],
  ['not', 'schema'],
  ['if', 'schema'],
  ['then', 'schema'],
  ['else', 'schema'],
  ['unevaluatedProperties', 'schema'],
  ['unevaluatedItems', 'schema'],
  ['contentSchema', 'schema'],
  ['allOf', 'schemaArray'],
  ['anyOf', 'schemaArray'],
  ['oneOf', 'schemaArray'],
  ['prefixItems', 'schemaArray'],
  ['properties', 'schemaMap'],
  ['patternProperties', 'schemaMap'],
  ['dependentSchemas', 'schemaMap'],
]);

export const VALUE_KEYWORDS: ReadonlyMap<string, ValueKind> = new Map<string, ValueKind>([
  ['type', 'type'],
  ['enum', 'enum'],
  ['const', 'any'],
  ['default', 'any'],
  ['examples', 'array'],
  ['multipleOf', 'positiveNumber'],
  ['minimum', 'number'],
  ['maximum', 'number'],
  ['exclusiveMinimum', 'number'],
  ['exclusiveMaximum', 'number'],
  ['maxLength', 'nonNegativeInteger'],
  ['minLength', 'nonNegativeInteger'],
  ['maxItems', 'nonNegativeInteger'],
  ['minItems', 'nonNegativeInteger'],
  ['maxContains', 'nonNegativeInteger'],
  ['minContains', 'nonNegativeInteger'],
  ['maxProperties', 'nonNegativeInteger'],
  ['minProperties', 'nonNegativeInteger'],
  ['uniqueItems', 'boolean'],
  ['readOnly', 'boolean'],
  ['writeOnly', 'boolean'],
  ['deprecated', 'boolean'],
  ['pattern', 'regex'],
  ['required', 'stringArray'],
  ['dependentRequired', 'dependentRequired'],
  ['title', 'string'],
  ['description', 'string'],
  ['format', 'string'],
  ['contentEncoding', 'string'],
  ['contentMediaType', 'string'],
  ['$comment', 'string'],
]);

/**
 * OpenAPI-only keywords, and JSON Schema keywords that would change how `$ref`s resolve once the
 * schema is copied into a tool (`$id`, `$anchor`, …). Nested `$defs`/`definitions` are dropped too:
 * every `$ref` is rewritten to a top-level `#/$defs/<key>`, so nothing can point into them any more.
 */
export const DROPPED_KEYWORDS: ReadonlySet<string> = new Set([
  'discriminator',
  'xml',
  'externalDocs',
  'nullable',
  'example',
  'collectionFormat',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$vocabulary',
  '$defs',
  'definitions',
]);

/** JSON Schema's types, plus Swagger 2.0's `file` (rewritten to a base64 string). */
const KNOWN_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'file']);

/** The value to keep (absent: drop the keyword) and what was wrong with the input, if anything. */
export interface CheckedValue {
  value?: unknown;
  problem?: string;
}

/** `maxLength`: the schema's, for a `pattern` (it bounds how long a match can take), which `check` checks (the run's, pattern-checks.ts). */
export function checkValue(keyword: string, kind: ValueKind, value: unknown, maxLength?: unknown, check: typeof checkPattern = checkPattern): CheckedValue {
  switch (kind) {
    case 'nonNegativeInteger':
      return Number.isInteger(value) && (value as number) >= 0 ? { value } : bad(keyword, 'a non-negative integer', value);
    case 'number':
      return isFiniteNumber(value) ? { value } : bad(keyword, 'a number', value);
    case 'positiveNumber':
      return isFiniteNumber(value) && value > 0 ? { value } : bad(keyword, 'a number greater than 0', value);
    case 'boolean':
      return typeof value === 'boolean' ? { value } : bad(keyword, 'a boolean', value);
    case 'string':
      return typeof value === 'string' ? { value } : bad(keyword, 'a string', value);
    case 'regex':
      return checkRegex(keyword, value, maxLength, check);
    case 'type':
      return checkType(value);
    case 'stringArray':
      return checkStringArray(keyword, value);
    case 'enum':
      if (!Array.isArray(value)) return bad(keyword, 'an array', value);
      if (value.length === 0) return { problem: `"${keyword}" is empty, so no value could match; ignored` };
      return { value: clone(value) };
    case 'array':
      return Array.isArray(value) ? { value: clone(value) } : bad(keyword, 'an array', value);
    case 'dependentRequired':
      return checkDependentRequired(keyword, value);
    case 'any':
      return { value: clone(value) };
  }
}

/**
 * A deep copy of a data value (`default`, `enum`, `examples`…), so output never aliases the spec.
 * Parsed specs hold only plain objects, arrays and primitives: those are copied by hand (5–10×
 * faster than `structuredClone` on small values, most of them flat `enum` lists). A value nested
 * deeper than any document may be can only be a cycle (a YAML alias to an ancestor): that one
 * goes to `structuredClone`, which keeps cycles.
 */
export function clone(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return copyData(value, 0);
  } catch (error) {
    if (error !== TOO_DEEP) throw error;
    return structuredClone(value);
  }
}

/** Deeper than `MAX_DOCUMENT_DEPTH` (load/document-limits.ts) allows any document to nest. */
const MAX_COPY_DEPTH = 256;
const TOO_DEEP = new Error('too deep to copy by hand');

function copyData(value: object, depth: number): unknown {
  if (depth > MAX_COPY_DEPTH) throw TOO_DEEP;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = typeof item === 'object' && item !== null ? copyData(item, depth + 1) : item;
    }
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item: unknown = (value as Record<string, unknown>)[key];
    setOwn(out, key, typeof item === 'object' && item !== null ? copyData(item, depth + 1) : item);
  }
  return out;
}

/**
 * What a value is, for a warning: its kind, never the text of a string (a spec's strings may be
 * anything, a credential included; warnings end up in logs and CI output). Numbers and booleans are
 * shown, they are what a keyword check is about (`"minimum" must be a number, not a string`).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return String(value);
}

/** A value of a structural keyword (`pattern`, `type`), quoted and cut short: the warning is about that text. */
export function quoteKeywordValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return describeValue(value);
}

function bad(keyword: string, expected: string, value: unknown): CheckedValue {
  return { problem: `"${keyword}" must be ${expected}, not ${describeValue(value)}; ignored` };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function checkRegex(keyword: string, value: unknown, maxLength: unknown, check: typeof checkPattern): CheckedValue {
  if (typeof value !== 'string') return bad(keyword, 'a string', value);
  const checked = check(value, maxLength);
  return 'problem' in checked ? { problem: `"${keyword}" ${quoteKeywordValue(value)} ${checked.problem}` } : { value: checked.pattern };
}

function checkType(value: unknown): CheckedValue {
  // The common case, `type: string`: what the general path below gives, without its lists (a
  // switch, as hashing each spec string for a Set lookup cost more than comparing it).
  switch (value) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'object':
    case 'array':
    case 'null':
      return { value };
    case 'file':
      return { value: 'string' };
  }
  const list = Array.isArray(value) ? value : [value];
  const kept: string[] = [];
  const unknown: unknown[] = [];
  for (const t of list) {
    const name = t === 'file' ? 'string' : t;
    if (typeof t === 'string' && KNOWN_TYPES.has(t)) {
      if (!kept.includes(name as string)) kept.push(name as string);
    } else {
      unknown.push(t);
    }
  }
  const problem = unknown.length > 0 ? `"type" ${unknown.map(quoteKeywordValue).join(', ')} is not a JSON Schema type; ignored` : undefined;
  if (kept.length === 0) return { problem: problem ?? '"type" is an empty array; ignored' };
  const out: CheckedValue = { value: Array.isArray(value) ? kept : kept[0] };
  if (problem !== undefined) out.problem = problem;
  return out;
}

function checkStringArray(keyword: string, value: unknown): CheckedValue {
  if (typeof value === 'boolean' && keyword === 'required') {
    return { problem: '"required" must list property names in the parent object schema, not be a boolean; ignored' };
  }
  if (!Array.isArray(value)) return bad(keyword, 'an array of strings', value);
  const strings = value.filter((v): v is string => typeof v === 'string');
  // Duplicates are harmless in OpenAPI but fail the meta-schema's uniqueItems: drop them silently.
  const names = [...new Set(strings)];
  if (strings.length < value.length) return { value: names, problem: `"${keyword}" must contain only strings; the others are ignored` };
  return { value: names };
}

function checkDependentRequired(keyword: string, value: unknown): CheckedValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad(keyword, 'an object', value);
  const out: Record<string, string[]> = {};
  let problem: string | undefined;
  for (const [name, list] of Object.entries(value)) {
    const checked = checkStringArray(`${keyword}/${name}`, list);
    if (checked.problem !== undefined) problem ??= checked.problem;
    if (checked.value !== undefined) setOwn(out, name, checked.value);
  }
  return problem === undefined ? { value: out } : { value: out, problem };
}
