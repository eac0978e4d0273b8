/**
 * Tool data as the generator stores it. Every tool schema is self-contained (its own `$defs`), and
 * big APIs share most definitions between many tools: GitHub's tool data was 8.9 MB with 5.4 MB of
 * it repeated definitions. So `data/tools/definitions.json` holds each distinct definition once,
 * and in `data/tools/part-*.json` every `$defs` entry is the index of its definition there. A
 * number is never a valid schema, so the stored form cannot be mistaken for a real one.
 *
 * `withDefinitions` puts the definitions back once, at start-up: afterwards every entry is the
 * ToolEntry the generator mapped, with tools sharing (never mutated) definition objects.
 */
import type { JsonSchemaObject, ToolEntry } from './types.gen.js';

/** A definition: a schema object or a boolean schema. */
export type Definition = JsonSchemaObject | boolean;

/**
 * Replaces the definition indexes in the `$defs` of every entry's inputSchema and outputSchema
 * with the definitions themselves (in place); returns `entries`. Throws on an index that does not
 * exist (damaged data), naming the tool.
 */
export function withDefinitions(entries: ToolEntry[], definitions: readonly Definition[]): ToolEntry[] {
  for (const entry of entries) {
    const { name, inputSchema, outputSchema } = entry.definition;
    resolveDefinitions(inputSchema, definitions, name);
    if (outputSchema !== undefined) resolveDefinitions(outputSchema, definitions, name);
  }
  return entries;
}

function resolveDefinitions(schema: JsonSchemaObject, definitions: readonly Definition[], tool: string): void {
  const defs = schema.$defs;
  if (typeof defs !== 'object' || defs === null) return;
  const table = defs as Record<string, unknown>;
  for (const key of Object.keys(table)) {
    const index = table[key];
    if (typeof index !== 'number') continue;
    if (!Number.isInteger(index) || index < 0 || index >= definitions.length) {
      throw new Error(`tool data of ${JSON.stringify(tool)}: definition ${index} of $defs ${JSON.stringify(key)} does not exist`);
    }
    // A definition may be called `__proto__` (JSON.parse made it an own property): assigning to it
    // would change the prototype instead.
    if (key === '__proto__') Object.defineProperty(table, key, { value: definitions[index], enumerable: true, writable: true, configurable: true });
    else table[key] = definitions[index];
  }
}
