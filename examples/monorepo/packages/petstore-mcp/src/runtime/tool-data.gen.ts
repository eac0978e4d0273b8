/**
 * Tool data as the generator stores it. Every tool schema is self-contained (its own `$defs`), and
 * big APIs share most definitions between many tools: GitHub's tool data was 8.9 MB with 5.4 MB of
 * it repeated definitions. So `data/tools/definitions.json` holds each distinct definition once by
 * key (its schema name, see the generator's emit/tool-data.ts), and in `data/tools/part-*.json`
 * every `$defs` entry is the key of its definition there, `""` for the entry's own name. A string
 * is never a valid schema, so the stored form cannot be mistaken for a real one.
 *
 * `withDefinitions` puts the definitions back once, at start-up: afterwards every entry is the
 * ToolEntry the generator mapped, with tools sharing (never mutated) definition objects.
 */
import type { JsonSchemaObject, ToolEntry } from './types.gen.js';
import { setOwnProperty } from './own-properties.gen.js';

/** A definition: a schema object or a boolean schema. */
export type Definition = JsonSchemaObject | boolean;

/** definitions.json: every definition by its key. */
export type Definitions = { readonly [key: string]: Definition };

/**
 * Replaces the definition keys in the `$defs` of every entry's inputSchema and outputSchema with
 * the definitions themselves (in place); returns `entries`. Throws on a key that does not exist
 * (damaged data), naming the tool.
 */
export function withDefinitions(entries: ToolEntry[], definitions: Definitions): ToolEntry[] {
  for (const entry of entries) {
    const { name, inputSchema, outputSchema } = entry.definition;
    resolveDefinitions(inputSchema, definitions, name);
    if (outputSchema !== undefined) resolveDefinitions(outputSchema, definitions, name);
  }
  return entries;
}

function resolveDefinitions(schema: JsonSchemaObject, definitions: Definitions, tool: string): void {
  const defs = schema.$defs;
  if (typeof defs !== 'object' || defs === null) return;
  const table = defs as Record<string, unknown>;
  for (const name of Object.keys(table)) {
    const stored = table[name];
    if (typeof stored !== 'string') continue;
    const key = stored === '' ? name : stored;
    if (!Object.hasOwn(definitions, key)) {
      throw new Error(`tool data of ${JSON.stringify(tool)}: definition ${JSON.stringify(key)} of $defs ${JSON.stringify(name)} does not exist`);
    }
    // A definition may be called `__proto__` (JSON.parse made it an own property).
    if (name === '__proto__') setOwnProperty(table, name, definitions[key]);
    else table[name] = definitions[key];
  }
}
