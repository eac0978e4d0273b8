/**
 * The stored form of the tool data (read back by templates/runtime/tool-data.gen.ts): each distinct
 * `$defs` definition is written once to `data/tools/definitions.json`, and the tool entries name it
 * by its key there. GitHub's tool data shrinks from 8.9 MB to 3.5 MB, which is time saved when
 * generating (serializing, encoding, hashing and writing it) and at every server start (parsing it).
 *
 * The keys depend on the definitions, not on where they are first used: a definition is stored
 * under its `$defs` name (the spec's components/schemas name), so an operation added, removed or
 * moved renames no definition and rewrites no other tool's line. A name with several distinct
 * definitions (request and response variants, or cut at the size budget) gives its bare key to the
 * variant most tools use (then the smaller JSON text), the others `Name~<8 hex of the text's
 * sha256>`. A definition under several names is stored once, under the smallest of their keys.
 * In a tool entry, `$defs: { Name: "" }` means the definition stored under `Name` itself, any other
 * string the key it is stored under.
 */
import { byCodeUnit } from '../by-code-unit.js';
import type { JsonTexts } from '../json-texts.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import type { Tool, ToolDefinition } from '../model/tool-model.js';
import { setOwn } from '../normalize/set-own.js';
import { sha256Hex } from '../sha256.js';
import { DistinctJson } from './distinct-json.js';

/** One distinct definition: its JSON text, and how many tool schemas use it under each name. */
interface Content {
  text: string;
  uses: Map<string, number>;
  key?: string;
}

/**
 * The distinct definitions of a set of tools and their keys: every tool goes in first (addTools),
 * then `keyOf`, `textOf` and `members` read the keys, which depend on all of them.
 */
export class DefinitionTable {
  private readonly distinct = new DistinctJson<Content>();
  private readonly contents: Content[] = [];
  /** Each stored definition's JSON text by key, once assignKeys ran. */
  private readonly byKey = new Map<string, string>();
  private keyed = false;

  /** Counts the `$defs` of each tool's inputSchema and outputSchema. */
  addTools(tools: readonly Tool[]): this {
    for (const { definition } of tools) {
      this.addSchema(definition.inputSchema);
      if (definition.outputSchema !== undefined) this.addSchema(definition.outputSchema);
    }
    return this;
  }

  private addSchema(schema: JsonSchemaObject): void {
    const defs = defsOf(schema);
    if (defs === undefined) return;
    for (const name of Object.keys(defs)) {
      const content = this.distinct.entry(defs[name], (text) => {
        const made: Content = { text, uses: new Map() };
        this.contents.push(made);
        return made;
      });
      content.uses.set(name, (content.uses.get(name) ?? 0) + 1);
    }
  }

  /** The key `def` (a `$defs` entry of an added tool) is stored under. */
  keyOf(def: JsonSchema): string {
    this.assignKeys();
    const key = this.distinct.find(def)?.key;
    if (key === undefined) throw new Error('bug: a definition that was not added to the table');
    return key;
  }

  /** The JSON text stored under `key`. */
  textOf(key: string): string | undefined {
    this.assignKeys();
    return this.byKey.get(key);
  }

  /** `"key":definition` for each stored definition, sorted by key: the members of definitions.json. */
  members(): string[] {
    this.assignKeys();
    return [...this.byKey.keys()].sort(byCodeUnit).map((key) => `${JSON.stringify(key)}:${this.byKey.get(key)!}`);
  }

  private assignKeys(): void {
    if (this.keyed) return;
    this.keyed = true;
    // Each name's variants, most used first (then by text): the first gets the bare name.
    const byName = new Map<string, Content[]>();
    for (const content of this.contents) {
      for (const name of content.uses.keys()) {
        const variants = byName.get(name);
        if (variants === undefined) byName.set(name, [content]);
        else variants.push(content);
      }
    }
    // The smallest of the keys its names give it.
    const candidate = new Map<Content, string>();
    for (const [name, variants] of byName) {
      variants.sort((a, b) => b.uses.get(name)! - a.uses.get(name)! || byCodeUnit(a.text, b.text));
      variants.forEach((content, i) => {
        const key = i === 0 ? name : `${name}~${sha256Hex(content.text).slice(0, 8)}`;
        const other = candidate.get(content);
        if (other === undefined || byCodeUnit(key, other) < 0) candidate.set(content, key);
      });
    }
    // In text order, so that which definition falls back on a full hash (a key taken already) is fixed.
    for (const content of [...this.contents].sort((a, b) => byCodeUnit(a.text, b.text))) {
      let key = candidate.get(content)!;
      if (this.byKey.has(key)) key = [...content.uses.keys()].map((name) => `${name}~${sha256Hex(content.text)}`).sort(byCodeUnit)[0]!;
      if (this.byKey.has(key)) throw new Error(`bug: two definitions stored as ${JSON.stringify(key)}`);
      content.key = key;
      this.byKey.set(key, content.text);
    }
  }
}

function defsOf(schema: JsonSchemaObject): Record<string, JsonSchema> | undefined {
  const defs = schema.$defs;
  return typeof defs === 'object' && defs !== null && !Array.isArray(defs) ? (defs as Record<string, JsonSchema>) : undefined;
}

/** What one line of the tool data holds. */
export interface StoredEntry {
  definition: ToolDefinition;
  binding: Tool['binding'];
  elicit?: string[];
  scopes?: string[];
}

/** A tool entry (`{ definition, binding, elicit?, scopes? }`) with `$defs` entries replaced by their keys in `table` (`""`: the name's own). */
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
  const defs = defsOf(schema);
  if (defs === undefined) return schema;
  const keys: Record<string, string> = {};
  for (const name of Object.keys(defs)) {
    const key = table.keyOf(defs[name]!);
    setOwn(keys, name, key === name ? '' : key);
  }
  return { ...schema, $defs: keys };
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
