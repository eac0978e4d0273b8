import { DiagnosticBag } from '../diagnostics.js';
import { checkCredentialHosts } from './credential-hosts.js';
import { createTextScan, sanitizeInfo, sanitizeOutputSchema, sanitizeToolSchemas, type TextScan } from './client-visible-text.js';
import { HTTP_METHODS, type ApiModel, type Operation } from '../model/api-model.js';
import type { HttpBinding, Tool, ToolDefinition, ToolModel } from '../model/tool-model.js';
import { annotationsFor } from './annotations.js';
import { declareAuth, parseDeclaredAuth } from './declared-auth.js';
import { buildDescription, sanitizeText } from './description.js';
import { applyHints, createOverrideReader, type ToolOverrides } from './extensions.js';
import { compactDefinition, createCompactInputMemo, type CompactInputMemo } from './compact-tool.js';
import { buildInputSchema } from './input-schema.js';
import type { MapOptions } from './map-options.js';
import { fitWholeOutputs } from './output-budget.js';
import { buildOutputSchema } from './output-schema.js';
import { DEFAULT_TOKEN_BUDGET } from '../report/cost-summary.js';
import { SchemaBundler } from './schema-bundle.js';
import { selectOperations } from './selection.js';
import { scanToolsets, toolsetLabel, toolsetName } from './toolset.js';
import { assignToolNames, TOOL_NAME_RULES } from './tool-name.js';
import { elicitableArguments } from './elicitable.js';
import { isSensitiveParameter } from './sensitive.js';
import type { SensitivityCheck } from './header-annotations.js';
import { applySchemaProfile } from './schema-profile.js';

/** `path` (by code unit) then method in OpenAPI order: the tool order, whatever the spec's key order. */
export function compareOperations(a: Operation, b: Operation): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method);
}

export function operationKey(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

const TITLE_MAX = 120;

/**
 * ApiModel → ToolModel: one tool per selected operation, in a deterministic order. The spec's
 * `x-mcp`/`x-speakeasy-mcp` extensions decide first, then the include/exclude options narrow.
 */
export function mapToTools(spec: ApiModel, options: MapOptions = {}, diagnostics: DiagnosticBag = new DiagnosticBag()): ToolModel {
  const declared = parseDeclaredAuth(options);
  const model = declareAuth(spec, declared);
  const readOverrides = createOverrideReader(diagnostics);
  const overrides = new Map<Operation, ToolOverrides>();
  const dropped: Operation[] = [];
  for (const op of [...model.operations].sort(compareOperations)) {
    const found = readOverrides(op);
    if (found.include === false) dropped.push(op);
    else overrides.set(op, found);
  }
  const operations = selectOperations([...overrides.keys()], options, diagnostics, dropped);
  const style = options.nameStyle ?? 'portable';
  const names = assignToolNames(
    operations.map((op) => {
      const override = overrides.get(op)!.name?.value;
      return { key: operationKey(op), method: op.method, path: op.path, ...(op.operationId !== undefined ? { operationId: op.operationId } : {}), ...(override !== undefined ? { override } : {}) };
    }),
    { style },
  );
  const scan = createTextScan(diagnostics);
  const run: MapRun = { model, bundler: new SchemaBundler(model.defs), isSensitive: memoizedSensitivity(options.sensitivePatterns, options.notSensitive), isAskSensitive: memoizedSensitivity(options.sensitivePatterns, undefined), options, diagnostics, compactInput: createCompactInputMemo(), scan };
  const tools: Tool[] = [];
  for (const op of operations) {
    const name = names.get(operationKey(op))!;
    const found = overrides.get(op)!;
    if (found.name && found.name.value !== name) {
      diagnostics.warn('tool-name-override-changed', `name "${found.name.value}" became "${name}": tool names match ${TOOL_NAME_RULES[style].pattern.source} and are unique ignoring case`, found.name.at);
    }
    tools.push(mapOperation(op, name, found, run));
  }
  const rootFile = model.operations[0]?.source.file;
  const rootAt = rootFile === undefined ? undefined : { file: rootFile, pointer: '/info' };
  sanitizeToolSchemas(tools, scan);
  if ((options.outputSchema ?? 'compact') === 'compact') wholeOutputsWithinBudget(tools, operations, run);
  const info = sanitizeInfo(model.info, scan, rootAt);
  const toolsets = toolsetDescriptions(model.tagDescriptions, tools);
  scanToolsets(tools, toolsets, scan);
  scan.finish();
  const result: ToolModel = { info, servers: model.servers, securitySchemes: model.securitySchemes, tools };
  if (toolsets !== undefined) result.toolsetDescriptions = toolsets;
  const order = declaredToolsets(model.tagOrder, tools);
  if (order.length > 0) result.toolsetOrder = order;
  // Every operation of the spec, not only the selected ones: a public subset of a secured API is not
  // an API without credentials, and `--auth` would not be the fix there.
  if (declared === undefined && model.operations.length > 0 && !model.operations.some((op) => op.security.some((r) => Object.keys(r).length > 0))) {
    result.noCredentials = true;
  }
  checkCredentialHosts(result, diagnostics, rootFile === undefined ? undefined : { file: rootFile, pointer: '' });
  return result;
}

/**
 * `--output-schema compact`: every tool's whole output schema (texts left out) instead of only the
 * small ones, when the whole tools/list still fits the token budget with them (output-budget.ts).
 * What only those schemas bring — a loosened oneOf, text that reads like an instruction — is
 * reported only when they are chosen.
 */
function wholeOutputsWithinBudget(tools: Tool[], operations: readonly Operation[], run: MapRun): void {
  const findings: Parameters<TextScan['report']>[] = [];
  const hidden: Parameters<TextScan['hiddenInName']>[] = [];
  const later: TextScan = {
    find: (text) => run.scan.find(text),
    clean: (text, prose) => run.scan.clean(text, prose),
    report: (...args) => void findings.push(args),
    hiddenInName: (...args) => void hidden.push(args),
    finish: () => undefined,
  };
  const notes: [string, Operation][] = [];
  const seen = new Set<object>();
  const fit = fitWholeOutputs({
    definitions: tools.map((tool) => tool.definition),
    budget: run.options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
    wholeSchema: (index) => {
      const op = operations[index]!;
      const output = buildOutputSchema(op, run.bundler, 'compact', 'whole');
      for (const note of run.bundler.takeNotes()) notes.push([`tool "${tools[index]!.definition.name}": ${note}`, op]);
      if (output?.schema === undefined) return undefined;
      const schema = applySchemaProfile(output.schema, run.options.schemaProfile);
      sanitizeOutputSchema(tools[index]!, schema, later, seen);
      return schema;
    },
  });
  if (fit === undefined) return;
  fit.definitions.forEach((definition, i) => (tools[i]!.definition = definition));
  for (const [message, op] of notes) run.diagnostics.warn('schema-oneof-loosened', message, op.source);
  for (const finding of findings) run.scan.report(...finding);
  for (const name of hidden) run.scan.hiddenInName(...name);
}

/** One sanitized line per toolset that is a described tag and holds a tool. */
function toolsetDescriptions(tags: Record<string, string> | undefined, tools: readonly Tool[]): Record<string, string> | undefined {
  if (tags === undefined) return undefined;
  const used = new Set(tools.map((tool) => tool.toolset));
  const out: Record<string, string> = {};
  for (const tag of Object.keys(tags).sort()) {
    const name = toolsetLabel(tag); // as the toolset is named (toolset.ts)
    if (!used.has(name) || name === '__proto__' || Object.hasOwn(out, name)) continue;
    const line = sanitizeText(tags[tag]!).replace(/\s+/g, ' ').trim();
    if (line !== '') out[name] = line;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The root `tags` as toolset names (toolset.ts), in their order, each once: those that hold a tool. */
function declaredToolsets(tags: readonly string[] | undefined, tools: readonly Tool[]): string[] {
  const used = new Set(tools.map((tool) => tool.toolset));
  return [...new Set((tags ?? []).map(toolsetLabel))].filter((name) => used.has(name));
}

/** What every operation of one run shares. */
interface MapRun {
  model: ApiModel;
  bundler: SchemaBundler;
  isSensitive: SensitivityCheck;
  /** The same without `--not-sensitive`: elicitation never asks for what the built-in list calls sensitive. */
  isAskSensitive: SensitivityCheck;
  options: MapOptions;
  diagnostics: DiagnosticBag;
  /** Shared by every tool of the run (compact-input.ts). */
  compactInput: CompactInputMemo;
  scan: TextScan;
}

/**
 * Parameter names repeat across operations (GitHub: `owner` ~900 times); decide each once per run.
 * Keyed by name and format first, then by description: descriptions can be long, and joining them
 * into one key string cost more than the check.
 */
function memoizedSensitivity(extra: MapOptions['sensitivePatterns'], notSensitive: MapOptions['notSensitive']): SensitivityCheck {
  const cache = new Map<string, Map<string | undefined, boolean>>();
  return (name, format, description, writeOnly) => {
    const key = `${name}\u0000${format ?? ''}\u0000${writeOnly === true ? 'w' : ''}`;
    let byDescription = cache.get(key);
    if (byDescription === undefined) {
      byDescription = new Map();
      cache.set(key, byDescription);
    }
    let hit = byDescription.get(description);
    if (hit === undefined) {
      const parameter = { name, ...(format !== undefined ? { format } : {}), ...(description !== undefined ? { description } : {}), ...(writeOnly === true ? { writeOnly } : {}) };
      hit = isSensitiveParameter(parameter, extra, notSensitive);
      byDescription.set(description, hit);
    }
    return hit;
  };
}

function mapOperation(op: Operation, name: string, overrides: ToolOverrides, run: MapRun): Tool {
  const { bundler, options, diagnostics } = run;
  const input = buildInputSchema(op, { bundler, securitySchemes: run.model.securitySchemes, isSensitive: run.isSensitive });
  const output = buildOutputSchema(op, bundler, options.outputSchema ?? 'compact');
  for (const note of bundler.takeNotes()) diagnostics.warn('schema-oneof-loosened', `tool "${name}": ${note}`, op.source);
  // An extension's description or title replaces the spec's, through the same sanitizer and checks.
  const summary = overrides.description ? undefined : op.summary;
  const text = overrides.description?.value ?? op.description;
  const checked = [
    { what: 'description', ...(overrides.description ?? { value: [summary, text].filter((s) => s !== undefined).join('\n'), at: op.source }) },
    ...(overrides.title ? [{ what: 'title', ...overrides.title }] : []),
  ];
  for (const { what, value, at } of checked) {
    for (const snippet of run.scan.find(value)) {
      run.scan.report(snippet, `tool "${name}": ${what}`, at);
    }
  }
  const description = buildDescription(
    {
      ...(summary !== undefined ? { summary } : {}),
      ...(text !== undefined ? { description: text } : {}),
      deprecated: op.deprecated,
      fallback: operationKey(op),
    },
    options.descriptionMaxLength !== undefined ? { maxLength: options.descriptionMaxLength } : {},
  );
  const title = titleOf(overrides.title?.value) ?? titleOf(op.summary);
  const definition: ToolDefinition = { name, ...(title !== undefined ? { title } : {}), description, inputSchema: applySchemaProfile(input.schema, options.schemaProfile) };
  if (output?.schema !== undefined) definition.outputSchema = applySchemaProfile(output.schema, options.schemaProfile);
  definition.annotations = applyHints(annotationsFor(op.method, title), overrides.annotations);
  if ((options.descriptions ?? 'compact') === 'compact') compactDefinition(definition, run.compactInput);

  const binding: HttpBinding = {
    kind: 'http',
    method: op.method.toUpperCase(),
    path: op.path,
    arguments: input.arguments,
    security: op.security,
  };
  if (op.operationId !== undefined) binding.operationId = op.operationId;
  if (op.requestBody) {
    binding.body = { mediaType: op.requestBody.mediaType, required: op.requestBody.required };
    if (op.requestBody.encoding) binding.body.encoding = op.requestBody.encoding;
  }
  if (op.servers) binding.servers = op.servers;
  if (output) binding.output = { status: output.status, mediaType: output.mediaType, ...(output.wrappedIn !== undefined ? { wrappedIn: output.wrappedIn } : {}) };
  const elicit = elicitableArguments(input.schema, run.isAskSensitive);
  return {
    definition,
    binding,
    toolset: toolsetName(op),
    ...(elicit !== undefined ? { elicit } : {}),
    ...(overrides.scopes !== undefined ? { scopes: overrides.scopes } : {}),
    source: op.source,
  };
}

/** A one-line title (sanitized, at most 120 characters), or undefined when nothing is left. */
export function titleOf(summary: string | undefined): string | undefined {
  if (summary === undefined) return undefined;
  const line = sanitizeText(summary).replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}
