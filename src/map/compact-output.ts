/**
 * How much of a response schema a tool advertises as its `outputSchema` (`outputSchema` option).
 *
 * - `compact` (default): one of two rules for the whole run, chosen by the token budget
 *   (`tokenBudget`, default 50,000; output-budget.ts):
 *   - `whole` when the whole static `tools/list` fits the budget with it: each tool's response
 *     schema without its texts (descriptions, titles, examples), with up to 30 shared definitions
 *     as `full` has them; only a schema that would say no more than `{ "type": "object" }` is left out;
 *   - `small` otherwise: the same schema only when it is at most {@link COMPACT_OUTPUT_MAX_CHARS}
 *     characters of JSON (shared definitions included); every other tool lists none.
 *   Either way a JSON answer still comes back as `structuredContent` (wrapped as `{ result }`
 *   when it is not an object) beside the text; only an advertised schema is checked.
 * - `full`: the whole response schema, with up to 30 shared definitions (output-schema.ts).
 * - `none`: no outputSchema; results are text only, without `structuredContent`.
 *
 * Why compact by default. A full output schema tells the model little it does not see in the
 * result itself (the JSON is always in the text block), yet it is most of a big API's `tools/list`
 * (GitHub: 1.47 M of 1.91 M tokens). Even a schema naming only the root's type is not free: ~8
 * tokens a tool, and the official client compiles a validator for every listed outputSchema
 * before its first `tools/call` (Ajv code generation, 2–4 ms each, nothing shared between equal
 * schemas): GitHub's 926 root-type schemas held that first call back 2.6–3.8 s. A small schema
 * (`{ message: string }`, a list of strings) says something worth its few tokens and one compile.
 * A small API (petstore, a few dozen tools) can afford every schema: there `whole` gives the model
 * and the typed client the result types at a cost the budget allows. Typed clients of big APIs that
 * want precise result types generate with `full`.
 */
import type { JsonSchema } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { DEEP_TEXT } from './compact-input.js';
import { defKeyOf } from './schema-bundle.js';

export type OutputSchemaMode = 'full' | 'compact' | 'none';
export const OUTPUT_SCHEMA_MODES: readonly OutputSchemaMode[] = ['full', 'compact', 'none'];

/** The two rules of `compact` (see above): every schema worth listing, or only small ones. */
export type CompactOutputRule = 'whole' | 'small';

/** The largest outputSchema `compact` advertises, in characters of JSON (texts left out). */
export const COMPACT_OUTPUT_MAX_CHARS = 128;

/** A definition by its `$defs` key, or undefined. */
export type DefOf = (key: string) => JsonSchema | undefined;

const TEXT_KEYS = new Set(DEEP_TEXT);

/**
 * Whether `schema`, with every definition it reaches (each counted once), serializes to at most
 * `limit` characters without its texts. Stops as soon as the budget is spent, so a huge schema
 * costs no more than a small one.
 */
export function fitsCompactOutput(schema: JsonSchema, defOf: DefOf, limit = COMPACT_OUTPUT_MAX_CHARS): boolean {
  let budget = limit;
  const seen = new Set<string>();
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') {
      budget -= (JSON.stringify(node) ?? '').length + 1;
      return budget >= 0;
    }
    budget -= 2;
    if (Array.isArray(node)) return node.every(visit) && budget >= 0;
    // Keys, not entries: the walk usually stops after a few, and big objects made pairs for all.
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value: unknown = (node as Record<string, unknown>)[key];
      if (TEXT_KEYS.has(key) && !isSchemaObject(value)) continue;
      budget -= key.length + 3;
      if (budget < 0 || !visit(value)) return false;
      const defKey = key === '$ref' ? defKeyOf(node as JsonSchema) : undefined;
      if (defKey !== undefined && !seen.has(defKey)) {
        seen.add(defKey);
        const def = defOf(defKey);
        if (def !== undefined && !visit(def)) return false;
        budget -= (value as string).length; // its key in $defs
      }
    }
    return budget >= 0;
  };
  return visit(schema);
}
