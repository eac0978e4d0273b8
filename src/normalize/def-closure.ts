/**
 * Which shared schemas a schema needs: the map stage copies exactly these into each tool's own
 * `$defs`, so every tool schema is self-contained.
 */
import { isSchemaObject, type JsonSchema } from '../model/json-schema.js';

const DEF_PREFIX = '#/$defs/';

/** Keywords whose value is one schema, an array of schemas, or a map of name → schema (2020-12). */
const SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
] as const;
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'] as const;

/**
 * The sorted keys of every def that `schema` references as `#/$defs/<key>`, directly or through
 * other defs. Only real subschema positions are searched (a `$ref` inside `default` or `examples`
 * is data). Each def is walked once; keys missing from `defs` are left out.
 */
export function collectDefs(schema: JsonSchema, defs: Record<string, JsonSchema>): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isSchemaObject(node)) continue;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(DEF_PREFIX)) {
      const key = decodePointerSegment(ref.slice(DEF_PREFIX.length));
      if (!found.has(key) && Object.hasOwn(defs, key)) {
        found.add(key);
        stack.push(defs[key]);
      }
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      if (node[keyword] !== undefined) stack.push(node[keyword]);
    }
    for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
      const list = node[keyword];
      if (Array.isArray(list)) for (const item of list) stack.push(item);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = node[keyword];
      if (isSchemaObject(map)) for (const item of Object.values(map)) stack.push(item);
    }
  }
  return [...found].sort();
}

function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
