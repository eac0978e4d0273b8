/**
 * `x-mcp-header` in a tool manifest: the author decides which arguments are mirrored into
 * `Mcp-Param-*` headers, and the generator refuses (an error, never a silent drop) every
 * annotation the 2026-07-28 rules or the sensitive list forbid
 * (../shared/reference/x-mcp-header.md; MCP 2026-07-28 server/tools §x-mcp-header):
 *
 * - only on a top-level property of a tool's `input` (statically reachable: not through `items`,
 *   composition, `$defs` of other schemas …); anywhere else in the manifest's files it is an error;
 * - the value is a non-empty RFC 9110 token, unique in the tool ignoring case;
 * - the property's schema (after resolving a `$ref`) has exactly one `type`: string, integer or
 *   boolean; integers get `minimum`/`maximum` within ±(2^53−1);
 * - neither the property nor the header name is sensitive (src/map/sensitive.ts).
 */
import type { DiagnosticBag, SourceLocation } from '../diagnostics.js';
import { childPointer } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import { HEADER_TOKEN } from '../map/header-annotations.js';
import { sensitiveReason } from '../map/sensitive.js';
import { isSchemaObject, type JsonSchema, type JsonSchemaObject } from '../model/json-schema.js';
import { setOwn } from '../normalize/set-own.js';

export const HEADER_ERROR = 'manifest-header-invalid';
const KEY = 'x-mcp-header';
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const PRIMITIVES = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: an `x-mcp-header` key inside them is not an annotation. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

export interface HeaderContext {
  diagnostics: DiagnosticBag;
  sensitivePatterns: readonly (string | RegExp)[];
  /** `file#pointer` of every property whose annotation was read; the rest are misplaced. */
  accepted: Set<string>;
}

/**
 * Applies the annotations written on the top-level properties of `raw` (the tool's input object as
 * written, at `rawAt`) to `input` (its normalized, bundled form). Returns the annotated schema.
 */
export function applyManifestHeaders(tool: string, raw: Record<string, unknown>, rawAt: SourceLocation, input: JsonSchemaObject, ctx: HeaderContext): JsonSchemaObject {
  const rawProps = raw.properties;
  if (!isSchemaObject(rawProps) || !isSchemaObject(input.properties)) return input;
  const props = input.properties as Record<string, JsonSchema>;
  const defs = isSchemaObject(input.$defs) ? (input.$defs as Record<string, JsonSchema>) : {};
  const who = `tool ${JSON.stringify(tool)}`;
  let out: Record<string, JsonSchema> | undefined;
  const used = new Map<string, string>();
  for (const [name, node] of Object.entries(rawProps)) {
    if (!isSchemaObject(node) || !Object.hasOwn(node, KEY)) continue;
    const propAt = childPointer(rawAt.pointer, 'properties', name);
    ctx.accepted.add(`${rawAt.file}#${propAt}`);
    const at = { file: rawAt.file, pointer: childPointer(propAt, KEY) };
    const fail = (message: string): void => ctx.diagnostics.error(HEADER_ERROR, `${who}: x-mcp-header on "${name}" ${message}`, at);
    const value = node[KEY];
    if (typeof value !== 'string' || !HEADER_TOKEN.test(value)) {
      fail(`must be a non-empty HTTP token (letters, digits and !#$%&'*+.^_\`|~-), not ${JSON.stringify(value)}`);
      continue;
    }
    const clash = used.get(value.toLowerCase());
    if (clash !== undefined) {
      fail(`repeats the header "${value}" of "${clash}" (header names are compared ignoring case)`);
      continue;
    }
    used.set(value.toLowerCase(), name);
    const schema = Object.hasOwn(props, name) ? inlinePrimitive(props[name]!, defs) : undefined;
    if (schema === undefined) {
      fail('needs a property schema with exactly one type: "string", "integer" or "boolean"');
      continue;
    }
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const description = typeof schema.description === 'string' ? schema.description : undefined;
    const reason = sensitiveReason({ name, ...(format !== undefined ? { format } : {}), ...(description !== undefined ? { description } : {}) }, ctx.sensitivePatterns)
      ?? sensitiveReason({ name: value }, ctx.sensitivePatterns);
    if (reason !== undefined) {
      fail(`is refused: the value looks sensitive (${reason}), and header values are visible to every proxy and log on the way`);
      continue;
    }
    if (schema.type === 'integer') {
      schema.minimum = typeof schema.minimum === 'number' ? Math.max(schema.minimum, -MAX_SAFE) : -MAX_SAFE;
      schema.maximum = typeof schema.maximum === 'number' ? Math.min(schema.maximum, MAX_SAFE) : MAX_SAFE;
    }
    setOwn((out ??= { ...props }), name, { ...schema, [KEY]: value });
  }
  return out === undefined ? input : { ...input, properties: out };
}

/** A copy of the property's schema with one primitive `type`, a `$ref` to a definition inlined; else undefined. */
function inlinePrimitive(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchemaObject | undefined {
  if (!isSchemaObject(schema)) return undefined;
  let base: JsonSchemaObject = schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/')) {
    const target = defs[schema.$ref.slice('#/$defs/'.length)];
    if (!isSchemaObject(target)) return undefined;
    const { $ref: _ref, ...siblings } = schema;
    base = { ...target, ...siblings };
  }
  for (const k of ['allOf', 'anyOf', 'oneOf', 'not', 'if', '$ref']) if (k in base) return undefined;
  if (typeof base.type !== 'string' || !PRIMITIVES.has(base.type)) return undefined;
  return { ...base };
}

/** Errors for every `x-mcp-header` in the manifest's files that is not on a property {@link applyManifestHeaders} read. */
export function reportMisplacedHeaders(spec: LoadedSpec, ctx: HeaderContext): void {
  for (const file of spec.files.values()) {
    const stack: { node: unknown; pointer: string }[] = [{ node: file.document, pointer: '' }];
    while (stack.length > 0) {
      const { node, pointer } = stack.pop()!;
      if (Array.isArray(node)) {
        node.forEach((item, i) => stack.push({ node: item, pointer: `${pointer}/${i}` }));
        continue;
      }
      if (!isSchemaObject(node)) continue;
      if (Object.hasOwn(node, KEY) && !ctx.accepted.has(`${file.url}#${pointer}`)) {
        ctx.diagnostics.error(HEADER_ERROR, 'x-mcp-header is allowed only on a top-level property of a tool\'s input (inline or in the schema its input references)', { file: file.url, pointer: childPointer(pointer, KEY) });
      }
      for (const [key, value] of Object.entries(node)) {
        if (DATA_KEYWORDS.has(key) || key === KEY) continue;
        stack.push({ node: value, pointer: childPointer(pointer, key) });
      }
    }
  }
}
