/**
 * The schema the validator compiles, where a string's `pattern` runs only when its `maxLength`
 * holds. The SDK's Ajv reports every error (`allErrors`), so it runs a pattern even on a string
 * that already fails `maxLength`, and a pattern that slows down faster than the text grows
 * (`[a-z]+$`: 50 ms on 10,000 characters, 5 s on 100,000) would stall the server on one long
 * argument. openapi-mcp gives such patterns a `maxLength` when it generates; here
 * `{ maxLength: n, pattern: p }` is validated as
 * `{ maxLength: n, allOf: [{ if: { maxLength: n }, then: { pattern: p } }] }`: the same strings
 * pass, and one that is too long is reported for its length alone. The schema tools/list shows
 * stays as it is.
 */
import { setOwnProperty } from './own-properties.gen.js';

/** Keywords whose value is a schema, an array of schemas, or a map of them (2020-12, plus draft-7 `definitions` and `additionalItems`). */
const SCHEMA = ['items', 'additionalItems', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const SCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

type Node = Record<string, unknown>;

/** `schema` with every `pattern` beside a `maxLength` checked under it; the same object where there is none. */
export function guardPatterns(schema: unknown): unknown {
  if (!isNode(schema)) return schema;
  let out: Node | undefined;
  const replace = (key: string, value: unknown): void => {
    if (value === schema[key]) return;
    out ??= { ...schema };
    setOwnProperty(out, key, value);
  };
  for (const key of SCHEMA) if (Object.hasOwn(schema, key)) replace(key, guardPatterns(schema[key]));
  for (const key of SCHEMA_ARRAYS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const next = list.map(guardPatterns);
    if (next.some((item, i) => item !== list[i])) replace(key, next);
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isNode(map)) continue;
    let next: Node | undefined;
    for (const name of Object.keys(map)) {
      const item = guardPatterns(map[name]);
      if (item === map[name]) continue;
      next ??= { ...map };
      setOwnProperty(next, name, item);
    }
    if (next !== undefined) replace(key, next);
  }
  const current = out ?? schema;
  const { pattern, maxLength } = current;
  if (typeof pattern !== 'string' || typeof maxLength !== 'number') return current;
  const guarded: Node = {};
  for (const key of Object.keys(current)) if (key !== 'pattern') setOwnProperty(guarded, key, current[key]);
  const guard = { if: { maxLength }, then: { pattern } };
  guarded['allOf'] = Array.isArray(current['allOf']) ? [...(current['allOf'] as unknown[]), guard] : [guard];
  return guarded;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
