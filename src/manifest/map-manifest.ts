/**
 * The second front end: a loaded tool manifest → the same ToolModel `mapToTools` makes of an
 * OpenAPI document, with a handler binding per tool (`src/handlers/<name>.ts` in the package).
 *
 * The mapping rules are the OpenAPI ones where they apply: schemas normalized to JSON Schema
 * 2020-12 by src/normalize/ (each draft by its `$schema`, see schema-dialects.ts) and bundled per
 * tool by the SchemaBundler; every client-visible string sanitized and scanned for instruction-like
 * text (client-visible-text.ts: tool descriptions, schema texts and values, serverInfo); a
 * non-object `output` wrapped in `{ result }`. Unlike OpenAPI, where names and headers are derived,
 * here the author writes them, so a tool name that is invalid (or taken) and an `x-mcp-header` the
 * rules refuse are errors that fail the run, never silently rewritten. So are unresolvable or
 * refused `$ref`s: a contract with a hole in it is not generated.
 */
import { displayDiagnostic, UserError, type Diagnostic, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import { getAtPointer, refOf, resolveRef } from '../load/resolve-ref.js';
import { createTextScan, sanitizeInfo, sanitizeToolSchemas } from '../map/client-visible-text.js';
import { buildDescription, findInstructionLikeText } from '../map/description.js';
import { MAX_INPUT_DEFS } from '../map/input-schema.js';
import type { MapOptions } from '../map/map-options.js';
import { titleOf } from '../map/map-tools.js';
import { bundleOutput } from '../map/output-schema.js';
import { defKeyOf, SchemaBundler } from '../map/schema-bundle.js';
import { selectOperations } from '../map/selection.js';
import { RESERVED_TOOL_NAMES, TOOL_NAME_RULES } from '../map/tool-name.js';
import { isSchemaObject, type JsonSchema, type JsonSchemaObject } from '../model/json-schema.js';
import type { HandlerBinding, Tool, ToolDefinition, ToolModel } from '../model/tool-model.js';
import { createDefRegistry } from '../normalize/def-registry.js';
import { convertSchema } from '../normalize/schema.js';
import { DIALECT_2020_12_URI } from './dialect.js';
import { applyManifestHeaders, reportMisplacedHeaders, type HeaderContext } from './manifest-headers.js';
import { MANIFEST_ERROR, readManifest, type ManifestTool } from './read-manifest.js';
import { schemaDialects } from './schema-dialects.js';

export const TOOL_NAME_ERROR = 'tool-name-invalid';
/** `$anchor` is kept (2019-09/2020-12 schemas use it; clients may rely on it, SEP-2106). */
const KEPT_KEYWORDS: ReadonlySet<string> = new Set(['$anchor']);
/** What src/normalize/ repairs in a schema with a warning, and the words saying how (`; ignored`). */
const REPAIRED_SCHEMA_CODES: ReadonlySet<string> = new Set(['schema-invalid', 'schema-unsupported', 'schema-required-undefined']);
const REPAIR_NOTE = /; (ignored|using an empty schema|not required|the others are ignored)$/;
/** Schema annotations that may sit next to a root `$ref` without making the root something else. */
const ROOT_REF_SIBLINGS = new Set(['$ref', 'description', 'title', '$comment', '$schema']);

/** Names Windows reserves for devices, with or without an extension: `src/handlers/nul.ts` cannot exist there. */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/i;

/** LoadedSpec (a manifest) → ToolModel; every problem goes to `diagnostics` (call {@link throwOnErrors} after). */
export function mapManifest(spec: LoadedSpec, options: MapOptions, diagnostics: DiagnosticBag): ToolModel {
  const manifest = readManifest(spec, diagnostics);
  const dialects = schemaDialects(spec, manifest, diagnostics);
  const registry = createDefRegistry(spec, diagnostics, 'manifest', { versionAt: (at) => dialects.versionAt(at), keep: KEPT_KEYWORDS });
  const bundler = new SchemaBundler(registry.defs);
  const headers: HeaderContext = { diagnostics, sensitivePatterns: options.sensitivePatterns ?? [], accepted: new Set() };
  const style = options.nameStyle ?? 'portable';
  const seen = new Map<string, string>();
  const tools: Tool[] = [];
  // --include/--exclude as for OpenAPI, where a pattern that is not a route matches the operationId:
  // here, the tool name (globs: `notes_*`). A manifest has no tags. Every tool is still checked, so
  // whether a manifest is valid does not depend on the selection.
  const selectable = manifest.tools.map((tool) => ({ method: 'post' as const, path: '', operationId: tool.name, tags: [], tool }));
  const selected = new Set(selectOperations(selectable, options, diagnostics).map((s) => s.tool));
  for (const tool of manifest.tools) {
    const nameAt = { file: tool.at.file, pointer: `${tool.at.pointer}/name` };
    const rule = TOOL_NAME_RULES[style];
    if (!rule.pattern.test(tool.name)) {
      diagnostics.error(TOOL_NAME_ERROR, `tool name ${JSON.stringify(tool.name)} is invalid: tool names match ${rule.pattern.source}${style === 'portable' ? ' (or pass --name-style spec for ^[A-Za-z0-9_.-]{1,128}$)' : ''}`, nameAt);
      continue;
    }
    if (RESERVED_TOOL_NAMES.has(tool.name)) {
      diagnostics.error(TOOL_NAME_ERROR, `tool name ${JSON.stringify(tool.name)} cannot be used: the MCP SDK keeps tools in a plain object, where ${JSON.stringify(tool.name)} is taken by JavaScript (as are toString, valueOf, hasOwnProperty …), and the server would answer every request with "Internal server error"`, nameAt);
      continue;
    }
    if (WINDOWS_DEVICE.test(tool.name)) {
      diagnostics.error(TOOL_NAME_ERROR, `tool name ${JSON.stringify(tool.name)} cannot be used: its handler file (src/handlers/${tool.name}.ts) would be a device name on Windows (CON, PRN, AUX, NUL, COM1–9, LPT1–9, with any extension), where the package could not be cloned or built; rename the tool`, nameAt);
      continue;
    }
    const taken = seen.get(tool.name.toLowerCase());
    if (taken !== undefined) {
      diagnostics.error(TOOL_NAME_ERROR, `tool name ${JSON.stringify(tool.name)} is already used by ${JSON.stringify(taken)} (names are unique ignoring case)`, nameAt);
      continue;
    }
    seen.set(tool.name.toLowerCase(), tool.name);
    const mapped = mapTool(spec, tool, { bundler, registry, headers, options, diagnostics });
    if (mapped !== undefined && selected.has(tool)) tools.push(mapped);
  }
  reportMisplacedHeaders(spec, headers);
  // A reference the manifest cannot follow leaves a hole in a contract: an error here, not a warning.
  for (const d of diagnostics.items) if (d.code.startsWith('ref-')) d.severity = 'error';
  dropUnreadableEchoes(spec, diagnostics);
  // So does a keyword the normalizer drops or repairs (OpenAPI's warnings): the author fixes it.
  for (const d of diagnostics.items) {
    if (!REPAIRED_SCHEMA_CODES.has(d.code)) continue;
    d.severity = 'error';
    d.message = d.message.replace(REPAIR_NOTE, '');
  }
  // Every other string a client sees, as for OpenAPI: the schemas' texts and values, serverInfo.
  const scan = createTextScan(diagnostics);
  sanitizeToolSchemas(tools, scan);
  const info = sanitizeInfo(manifest.info, scan, { file: spec.root.display, pointer: '/info' });
  scan.finish();
  return { info, servers: [], securitySchemes: {}, tools };
}

interface ToolRun {
  bundler: SchemaBundler;
  registry: ReturnType<typeof createDefRegistry>;
  headers: HeaderContext;
  options: MapOptions;
  diagnostics: DiagnosticBag;
}

function mapTool(spec: LoadedSpec, tool: ManifestTool, run: ToolRun): Tool | undefined {
  const { bundler, registry, diagnostics } = run;
  const who = `tool ${JSON.stringify(tool.name)}`;
  const rawInput = getAtPointer(spec.root.document, tool.input.pointer);
  const root = rootSchema(convertSchema(rawInput, registry.ctx, tool.input), bundler);
  if (!isSchemaObject(root) || root.type !== 'object') {
    // A root $ref that did not resolve is reported as that; "found no type" would say it twice.
    if (diagnostics.items.some((d) => d.code.startsWith('ref-') && d.file === tool.input.file && d.pointer === tool.input.pointer)) return undefined;
    const found = isSchemaObject(root) && root.type !== undefined ? `type ${JSON.stringify(root.type)}` : 'no type';
    diagnostics.error(MANIFEST_ERROR, `${who}: input must be a schema with type "object" (MCP tool arguments are named properties), found ${found}`, tool.input);
    return undefined;
  }
  // Every tool's inputSchema lists its properties, as the OpenAPI mapping's always do (`{}` when none).
  const withProperties = root.properties === undefined ? { ...root, properties: {} } : root;
  let inputSchema = bundler.bundle({ $schema: DIALECT_2020_12_URI, ...withProperties }, 'request', MAX_INPUT_DEFS);
  const raw = followRefs(spec, rawInput, tool.input);
  if (raw !== undefined) inputSchema = applyManifestHeaders(tool.name, raw.value, raw.at, inputSchema, run.headers);

  for (const [what, text] of [['description', tool.description], ['title', tool.title]] as const) {
    if (text === undefined) continue;
    for (const snippet of findInstructionLikeText(text)) {
      diagnostics.warn('description-instruction-like', `${who}: ${what} reads like an instruction to the model: "${snippet}"`, { file: tool.at.file, pointer: `${tool.at.pointer}/${what}` });
    }
  }
  const maxLength = run.options.descriptionMaxLength;
  const description = buildDescription({ description: tool.description, fallback: tool.name }, maxLength !== undefined ? { maxLength } : {});
  const title = titleOf(tool.title);
  const definition: ToolDefinition = { name: tool.name, ...(title !== undefined ? { title } : {}), description, inputSchema };
  const binding: HandlerBinding = { kind: 'handler' };
  if (tool.output !== undefined) {
    const converted = convertSchema(getAtPointer(spec.root.document, tool.output.pointer), registry.ctx, tool.output);
    const output = bundleOutput(converted, bundler);
    definition.outputSchema = { $schema: DIALECT_2020_12_URI, ...output.schema };
    if (output.wrappedIn !== undefined) binding.output = { wrappedIn: output.wrappedIn };
  }
  const annotations = { ...(title !== undefined ? { title } : {}), ...tool.annotations };
  if (Object.keys(annotations).length > 0) definition.annotations = annotations;
  if (tool.icons !== undefined) definition.icons = tool.icons;
  return { definition, binding, source: tool.at };
}

/** The converted root, with a root `$ref` (plus annotations) replaced by its definition. */
function rootSchema(schema: JsonSchema, bundler: SchemaBundler): JsonSchema {
  const key = defKeyOf(schema);
  if (key === undefined || !isSchemaObject(schema) || !Object.keys(schema).every((k) => ROOT_REF_SIBLINGS.has(k))) return schema;
  const def = bundler.def(key, 'request');
  if (!isSchemaObject(def)) return schema;
  const { $ref: _ref, ...siblings } = schema;
  return { ...def, ...siblings };
}

/** The raw schema object behind `value` (following `$ref`-only chains), with where it lives. */
function followRefs(spec: LoadedSpec, value: unknown, at: SourceLocation): { value: Record<string, unknown>; at: SourceLocation } | undefined {
  const ref = refOf(value);
  if (ref === undefined) return isSchemaObject(value) ? { value, at } : undefined;
  const target = resolveRef(spec, at.file, ref);
  if (target === undefined || !isSchemaObject(target.value)) return undefined;
  return { value: target.value, at: { file: target.file.url, pointer: target.pointer } };
}

/**
 * One line per problem: a `$ref` to a file that could not be read (`ref-file-unreadable`, or
 * refused) is also one that does not resolve, at the same place; only the first says why.
 */
function dropUnreadableEchoes(spec: LoadedSpec, diagnostics: DiagnosticBag): void {
  const where = (d: Diagnostic): string => `${displayDiagnostic(d, spec).file ?? ''}#${d.pointer ?? ''}`;
  const unreadable = new Set(diagnostics.items.filter((d) => d.code === 'ref-file-unreadable' || d.code === 'ref-file-refused').map(where));
  if (unreadable.size === 0) return;
  const kept = diagnostics.items.filter((d) => d.code !== 'ref-unresolved' || !unreadable.has(where(d)));
  diagnostics.items.splice(0, diagnostics.items.length, ...kept);
}

/** Fails the run with every error (one line each) when the manifest had any. */
export function throwOnErrors(diagnostics: DiagnosticBag, spec: LoadedSpec): void {
  const errors = diagnostics.errors;
  if (errors.length === 0) return;
  const n = errors.length;
  throw new UserError(`${n} error${n === 1 ? '' : 's'} in ${spec.root.display}; nothing written`, errors.map((d) => displayDiagnostic(d, spec)));
}
