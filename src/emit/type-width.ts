/**
 * How many members the union a schema's type stands for has once tsc distributes it: an
 * intersection of unions is the union of every combination (`(A | B) & (C | D)` is four), so a
 * schema of 40 definitions, each `allOf: [Next, { anyOf: [Next, …] }]`, is 2^40 of them. tsc gives
 * up on a union of 100,000 (TS2590 "Expression produces a union type that is too complex to
 * represent"), and the generated package did not build: the 9 KB spec that did it was enough. A
 * type wider than {@link MAX_UNION_WIDTH} is printed `unknown` instead (schema-types.ts).
 *
 * Counted as the printer resolves a type at once: through `$ref`s, `allOf`, `anyOf`/`oneOf`,
 * `enum` and lists of types, not inside object members or array elements (tsc keeps those apart).
 * Identical members are counted each time (the printer folds them), so the count errs high.
 */
import { isSchemaObject, type JsonSchema } from '../model/json-schema.js';

/** Half of tsc's limit: the count is an estimate. */
export const MAX_UNION_WIDTH = 50_000;

const DEF_PREFIX = '#/$defs/';

/** `width(schema, defs)`: the estimate for `schema`, its `$ref`s resolved in `defs`; definitions measured once per call of this. */
export function createWidthMeter(): (schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>) => number {
  const measured = new Map<object, number>();
  const open = new Set<object>();
  const width = (schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): number => {
    if (!isSchemaObject(schema) || 'const' in schema) return 1;
    if (Array.isArray(schema.enum)) return Math.max(1, schema.enum.length);
    let total = Array.isArray(schema.type) ? Math.max(1, schema.type.length) : 1;
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith(DEF_PREFIX)) {
      const key = ref.slice(DEF_PREFIX.length);
      const def = Object.hasOwn(defs, key) ? defs[key] : undefined;
      if (isSchemaObject(def) && !open.has(def)) {
        let known = measured.get(def);
        if (known === undefined) {
          open.add(def);
          known = width(def, defs);
          open.delete(def);
          measured.set(def, known);
        }
        total *= known;
      }
    }
    if (Array.isArray(schema.allOf)) for (const member of schema.allOf as JsonSchema[]) total *= width(member, defs);
    for (const alternatives of [schema.anyOf, schema.oneOf]) {
      if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
      let sum = 0;
      for (const member of alternatives as JsonSchema[]) sum += width(member, defs);
      total *= sum;
    }
    return Math.min(total, Number.MAX_SAFE_INTEGER);
  };
  return width;
}
