/**
 * The stored form of the tool data (read back by templates/runtime/tool-data.gen.ts): each distinct
 * `$defs` definition is written once to `data/tools/definitions.json`, and the tool entries name it
 * by index. GitHub's tool data shrinks from 8.9 MB to 3.5 MB, which is time saved when generating
 * (serializing, encoding, hashing and writing it) and at every server start (parsing it).
 */
import type { JsonTexts } from '../json-texts.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import type { Tool, ToolDefinition } from '../model/tool-model.js';
import { setOwn } from '../normalize/set-own.js';
import { DistinctJson } from './distinct-json.js';

/** The distinct definitions in order of first use, and the index of each. */
export class DefinitionTable {
  /** The JSON text of each definition, by index. */
  readonly texts: string[] = [];
  private readonly distinct = new DistinctJson<number>();

  /** The index of `def`: equal JSON gets one index whatever the object. */
  indexOf(def: JsonSchema): number {
    return this.distinct.entry(def, (text) => this.texts.push(text) - 1);
  }
}

/** What one line of the tool data holds. */
export interface StoredEntry {
  definition: ToolDefinition;
  binding: Tool['binding'];
  elicit?: string[];
  scopes?: string[];
}

/** A tool entry (`{ definition, binding, elicit?, scopes? }`) with `$defs` entries replaced by their indexes in `table`. */
export function storedEntry(tool: Tool, table: DefinitionTable): StoredEntry {
  const { inputSchema, outputSchema } = tool.definition;
  // Spread keeps every key in its place; only the two schemas are replaced.
  const definition: ToolDefinition = { ...tool.definition, inputSchema: storedSchema(inputSchema, table) };
  if (outputSchema !== undefined) definition.outputSchema = storedSchema(outputSchema, table);
  return {
    definition,
    binding: tool.binding,
    ...(tool.elicit !== undefined ? { elicit: tool.elicit } : {}),
    ...(tool.scopes !== undefined ? { scopes: tool.scopes } : {}),
  };
}

function storedSchema(schema: JsonSchemaObject, table: DefinitionTable): JsonSchemaObject {
  const defs = schema.$defs;
  if (typeof defs !== 'object' || defs === null || Array.isArray(defs)) return schema;
  const indexes: Record<string, number> = {};
  for (const key of Object.keys(defs)) setOwn(indexes, key, table.indexOf((defs as Record<string, JsonSchema>)[key]!));
  return { ...schema, $defs: indexes };
}

/**
 * `JSON.stringify(stored)` (`stored`: the entry of `tool`), with the binding's JSON, and each
 * schema's that is stored as it is, taken from `json`: the tool summaries hash those texts too.
 * Keys in the order JSON.stringify takes them, a key with an `undefined` value left out.
 */
export function storedEntryJson(tool: Tool, stored: StoredEntry, json: JsonTexts): string {
  const definition = stored.definition as unknown as Record<string, unknown>;
  const own = tool.definition as unknown as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(definition)) {
    const value = definition[key];
    if (value === undefined) continue;
    const shared = (key === 'inputSchema' || key === 'outputSchema') && value === own[key];
    const text: string | undefined = shared ? json.of(value as object) : JSON.stringify(value);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`); // no text: JSON.stringify leaves the key out too
  }
  let text = `{"definition":{${members.join(',')}},"binding":${json.of(stored.binding)}`;
  if (stored.elicit !== undefined) text += `,"elicit":${JSON.stringify(stored.elicit)}`;
  if (stored.scopes !== undefined) text += `,"scopes":${JSON.stringify(stored.scopes)}`;
  return `${text}}`;
}
