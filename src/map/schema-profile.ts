import type { JsonSchemaObject } from '../model/json-schema.js';

/**
 * Schema profiles (`--schema-profile`): `standard` keeps the mapped JSON Schema 2020-12 as it is;
 * `portable` rewrites the constructs that some model APIs' tool-schema dialects refuse or
 * misread, keeping the meaning. Today one construct: a `type` array (`["string","null"]`, OpenAPI
 * 3.0's `nullable`), which single-`type` dialects such as Gemini's function declarations do not
 * take, becomes `anyOf` with one single-`type` branch per type, each branch holding the keywords
 * that constrain its type (`properties`… for object, `items`… for array, `maxLength`… for string,
 * `minimum`… for numbers; `format` in every non-null branch); the other keywords stay beside it.
 * Type-specific keywords never constrain other types, so each value is valid exactly when it was
 * before. A separate pass over finished tool schemas (see map-tools.ts), pure: a new object is
 * returned only where something changed.
 */
export type SchemaProfile = 'standard' | 'portable';
export const SCHEMA_PROFILES: readonly SchemaProfile[] = ['standard', 'portable'];

const FOR_TYPE: Record<string, readonly string[]> = {
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'],
  array: ['items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems', 'unevaluatedItems'],
  string: ['minLength', 'maxLength', 'pattern', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
};
FOR_TYPE.integer = FOR_TYPE.number!;

/** Keywords whose value is a schema, an array of schemas or a map of schemas (never data: enum, const, default, examples). */
const ONE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

export function applySchemaProfile(schema: JsonSchemaObject, profile: SchemaProfile | undefined): JsonSchemaObject {
  return profile === 'portable' ? (portable(schema) as JsonSchemaObject) : schema;
}

function portable(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const schema = node as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown): void => {
    if (value === schema[key]) return;
    out ??= { ...schema };
    out[key] = value;
  };
  for (const key of ONE) if (key in schema) set(key, portable(schema[key]));
  for (const key of MANY) {
    const list = schema[key];
    if (Array.isArray(list)) {
      const mapped = list.map(portable);
      if (mapped.some((s, i) => s !== list[i])) set(key, mapped);
    }
  }
  for (const key of MAP) {
    const map = schema[key];
    if (typeof map === 'object' && map !== null && !Array.isArray(map)) {
      const entries = Object.entries(map as Record<string, unknown>);
      const mapped = entries.map(([k, v]) => [k, portable(v)] as const);
      if (mapped.some(([, v], i) => v !== entries[i]![1])) set(key, Object.fromEntries(mapped));
    }
  }
  const current = out ?? schema;
  return Array.isArray(current.type) ? splitTypes(current, current.type as unknown[]) : current;
}

/** `{ type: [a, b], …rest }` → `{ anyOf: [{ type: a, …a's keywords }, { type: b, … }], …other keywords }`. */
function splitTypes(schema: Record<string, unknown>, types: unknown[]): Record<string, unknown> {
  const names = [...new Set(types)].filter((t): t is string => typeof t === 'string');
  const { type: _type, ...rest } = schema;
  if (names.length === 1) return { ...rest, type: names[0] };
  const moved = new Set<string>();
  const branches = names.map((name) => {
    const branch: Record<string, unknown> = { type: name };
    for (const key of [...(FOR_TYPE[name] ?? []), ...(name !== 'null' ? ['format'] : [])]) {
      if (key in rest) {
        branch[key] = rest[key];
        moved.add(key);
      }
    }
    return branch;
  });
  const top: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (!moved.has(key)) top[key] = value;
  const union = { anyOf: branches };
  if (!('anyOf' in top)) return { ...union, ...top };
  const { anyOf, ...others } = top;
  return { ...others, allOf: [...(Array.isArray(others.allOf) ? others.allOf : []), { anyOf }, union] };
}
