/**
 * A compact per-tool summary, stored in the manifest so the next generation can say which tools
 * were added, removed or changed (see change-report.ts) without keeping the old schemas around.
 */
import { JsonTexts } from '../json-texts.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import type { Tool } from '../model/tool-model.js';
import { setOwn } from '../normalize/set-own.js';
import { sha256Hex } from '../sha256.js';

export interface ArgumentSummary {
  required: boolean;
  /** JSON types the argument accepts (`integer` for whole numbers), sorted; `[]` = any JSON value. */
  type: string[];
  /** The `x-mcp-header` name, when the argument is mirrored into an `Mcp-Param-*` header. */
  header?: string;
}

export interface ToolSummary {
  /** HTTP method and path template (absent for a handler tool). */
  method?: string;
  path?: string;
  /** Top-level `inputSchema` properties, in name order. */
  arguments: Record<string, ArgumentSummary>;
  /** Short hashes (first 16 hex digits of sha256) of the JSON of: */
  input: string;
  output?: string;
  /** title + description */
  text: string;
  /** annotations (their `title` counts as `text`) */
  hints: string;
  /** the binding: how each argument reaches the request (its credentials included) */
  binding: string;
  /**
   * The credentials the request carries (the binding's security requirements), so that a change
   * of those alone is reported as such; absent for handler tools and in older manifests.
   */
  auth?: string;
  /** The toolset (`--toolsets`) it belongs to; absent in manifests written before it was recorded. */
  toolset?: string;
}

/** Tool name → summary; a Map, since a tool may be called `__proto__`. */
export type ToolSummaries = ReadonlyMap<string, ToolSummary>;

const HASH = /^[0-9a-f]{16}$/;

export function shortHash(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

/**
 * What summarizing the tools of one run computes once:
 * - `defs`: the hash of each `$defs` entry, by identity: the map stage shares one transformed
 *   definition object between every tool that uses it, so msgraph's 137 MB of schema JSON is
 *   serialized once per definition instead of once per tool;
 * - `json`: JSON texts the run serialized already (the tool data's, see json-texts.ts);
 * - `hashes`: the hash of each annotations or security text (most tools share one of a few).
 */
export interface SummaryCaches {
  defs: WeakMap<object, string>;
  json: JsonTexts;
  hashes: Map<string, string>;
}

function summaryCaches(json = new JsonTexts()): SummaryCaches {
  return { defs: new WeakMap(), json, hashes: new Map() };
}

/** `json`: the JSON texts the run serialized already (the tool data's, see json-texts.ts). */
export function summarizeTools(tools: readonly Tool[], json: JsonTexts = new JsonTexts()): Map<string, ToolSummary> {
  const caches = summaryCaches(json);
  return new Map(tools.map((tool) => [tool.definition.name, summarizeTool(tool, caches)]));
}

export function summarizeTool(tool: Tool, caches: SummaryCaches = summaryCaches()): ToolSummary {
  const { definition, binding } = tool;
  const input = definition.inputSchema;
  const required = new Set(Array.isArray(input.required) ? input.required : []);
  const properties = isObject(input.properties) ? (input.properties as Record<string, JsonSchema>) : {};
  const args: Record<string, ArgumentSummary> = {};
  for (const name of Object.keys(properties).sort()) {
    const schema = properties[name]!;
    const header = typeof schema === 'object' && typeof schema['x-mcp-header'] === 'string' ? schema['x-mcp-header'] : undefined;
    setOwn(args, name, { required: required.has(name), type: jsonTypes(schema, input), ...(header !== undefined ? { header } : {}) });
  }
  const { title, description, annotations } = definition;
  return {
    ...(binding.kind === 'http' ? { method: binding.method.toUpperCase(), path: binding.path } : {}),
    arguments: args,
    input: schemaHash(input, caches.defs, caches.json),
    ...(definition.outputSchema !== undefined ? { output: schemaHash(definition.outputSchema, caches.defs, caches.json) } : {}),
    text: shortHash(JSON.stringify([title ?? null, annotations?.title ?? null, description])),
    hints: cachedHash(JSON.stringify(annotations === undefined ? null : { ...annotations, title: undefined }), caches.hashes),
    binding: shortHash(caches.json.of(binding)),
    ...(binding.kind === 'http' ? { auth: cachedHash(JSON.stringify(binding.security), caches.hashes) } : {}),
    ...(tool.toolset !== undefined ? { toolset: tool.toolset } : {}),
  };
}

function cachedHash(text: string, known: Map<string, string>): string {
  let hash = known.get(text);
  if (hash === undefined) {
    hash = shortHash(text);
    known.set(text, hash);
  }
  return hash;
}

/** Short hash of a tool schema: its own keywords, and each `$defs` entry by its (memoized) hash. */
export function schemaHash(schema: JsonSchemaObject, memo: WeakMap<object, string>, json = new JsonTexts()): string {
  const defs = schema.$defs;
  if (!isObject(defs)) return shortHash(json.of(schema));
  const defHashes = Object.entries(defs).map(([key, def]) => {
    if (typeof def !== 'object' || def === null) return [key, def];
    let hash = memo.get(def);
    if (hash === undefined) {
      hash = shortHash(JSON.stringify(def));
      memo.set(def, hash);
    }
    return [key, hash];
  });
  return shortHash(JSON.stringify([{ ...schema, $defs: undefined }, defHashes]));
}

const MAX_REF_DEPTH = 32;

/**
 * The JSON types a schema accepts, as far as its top level tells: `type`, else `const`/`enum`
 * values, else the union of `anyOf`/`oneOf` members, else the intersection of `allOf` members;
 * local `$ref`s (`#/$defs/X`) are followed. `[]` when any value is accepted.
 */
export function jsonTypes(schema: JsonSchema, root: JsonSchemaObject, depth = 0): string[] {
  if (typeof schema !== 'object' || schema === null || depth > MAX_REF_DEPTH) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return unique(schema.type.filter((t): t is string => typeof t === 'string'));
  if ('const' in schema) return [jsonTypeOf(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return unique(schema.enum.map(jsonTypeOf));
  if (typeof schema.$ref === 'string') {
    const target = resolveLocal(root, schema.$ref);
    return target === undefined ? [] : jsonTypes(target, root, depth + 1);
  }
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (members !== undefined) {
    const sets = (members as JsonSchema[]).map((m) => jsonTypes(m, root, depth + 1));
    return sets.some((s) => s.length === 0) ? [] : unique(sets.flat());
  }
  if (Array.isArray(schema.allOf)) {
    const sets = (schema.allOf as JsonSchema[]).map((m) => jsonTypes(m, root, depth + 1)).filter((s) => s.length > 0);
    if (sets.length === 0) return [];
    return unique(sets.flat().filter((t) => sets.every((s) => accepts(s, t))));
  }
  return [];
}

/** Whether a value of JSON type `type` is accepted by the type list `types` (`[]` accepts anything). */
export function accepts(types: readonly string[], type: string): boolean {
  return types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'));
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolveLocal(root: JsonSchemaObject, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' || typeof node === 'boolean' ? (node as JsonSchema) : undefined;
}

function unique(types: string[]): string[] {
  return [...new Set(types)].sort();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The summaries of a manifest's `tools` object, or `undefined` when any entry is malformed. */
export function parseToolSummaries(value: unknown): Map<string, ToolSummary> | undefined {
  if (!isObject(value)) return undefined;
  const out = new Map<string, ToolSummary>();
  for (const [name, entry] of Object.entries(value)) {
    if (!isToolSummary(entry)) return undefined;
    out.set(name, entry);
  }
  return out;
}

function isToolSummary(v: unknown): v is ToolSummary {
  if (!isObject(v)) return false;
  const optionalString = (x: unknown): boolean => x === undefined || typeof x === 'string';
  if (!optionalString(v.method) || !optionalString(v.path) || !optionalString(v.toolset) || !isObject(v.arguments)) return false;
  for (const key of ['input', 'text', 'hints', 'binding']) if (typeof v[key] !== 'string' || !HASH.test(v[key] as string)) return false;
  for (const key of ['output', 'auth']) if (v[key] !== undefined && (typeof v[key] !== 'string' || !HASH.test(v[key] as string))) return false;
  return Object.values(v.arguments).every(
    (a) =>
      isObject(a) &&
      typeof a.required === 'boolean' &&
      Array.isArray(a.type) &&
      a.type.every((t) => typeof t === 'string') &&
      optionalString(a.header),
  );
}
