import { DiagnosticBag } from '../diagnostics.js';
import { HTTP_METHODS, type ApiModel, type Operation } from '../model/api-model.js';
import type { HttpBinding, Tool, ToolDefinition, ToolModel } from '../model/tool-model.js';
import { annotationsFor } from './annotations.js';
import { buildDescription, findInstructionLikeText, sanitizeText } from './description.js';
import { buildInputSchema } from './input-schema.js';
import type { MapOptions } from './map-options.js';
import { buildOutputSchema } from './output-schema.js';
import { SchemaBundler } from './schema-bundle.js';
import { assignToolNames } from './tool-name.js';
import { isSensitiveParameter } from './sensitive.js';
import type { SensitivityCheck } from './header-annotations.js';

/** `path` (by code unit) then method in OpenAPI order: the tool order, whatever the spec's key order. */
export function compareOperations(a: Operation, b: Operation): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method);
}

export function operationKey(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

const TITLE_MAX = 120;

/** ApiModel → ToolModel: one tool per operation, in a deterministic order. */
export function mapToTools(model: ApiModel, options: MapOptions = {}, diagnostics: DiagnosticBag = new DiagnosticBag()): ToolModel {
  const operations = [...model.operations].sort(compareOperations);
  const names = assignToolNames(
    operations.map((op) => ({ key: operationKey(op), method: op.method, path: op.path, ...(op.operationId !== undefined ? { operationId: op.operationId } : {}) })),
    { style: options.nameStyle ?? 'portable' },
  );
  const run: MapRun = { model, bundler: new SchemaBundler(model.defs), isSensitive: memoizedSensitivity(options.sensitivePatterns), options, diagnostics };
  const tools: Tool[] = [];
  for (const op of operations) tools.push(mapOperation(op, names.get(operationKey(op))!, run));
  return { info: model.info, servers: model.servers, securitySchemes: model.securitySchemes, tools };
}

/** What every operation of one run shares. */
interface MapRun {
  model: ApiModel;
  bundler: SchemaBundler;
  isSensitive: SensitivityCheck;
  options: MapOptions;
  diagnostics: DiagnosticBag;
}

/** Parameter names repeat across operations (GitHub: `owner` ~900 times); decide each once per run. */
function memoizedSensitivity(extra: MapOptions['sensitivePatterns']): SensitivityCheck {
  const cache = new Map<string, boolean>();
  return (name, format) => {
    const key = `${name}\u0000${format ?? ''}`;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = isSensitiveParameter(format === undefined ? { name } : { name, format }, extra);
      cache.set(key, hit);
    }
    return hit;
  };
}

function mapOperation(op: Operation, name: string, run: MapRun): Tool {
  const { bundler, options, diagnostics } = run;
  const input = buildInputSchema(op, { bundler, securitySchemes: run.model.securitySchemes, isSensitive: run.isSensitive });
  const output = buildOutputSchema(op, bundler);
  const raw = [op.summary, op.description].filter((s): s is string => s !== undefined).join('\n');
  for (const snippet of findInstructionLikeText(raw)) {
    diagnostics.warn('description-instruction-like', `tool "${name}": description reads like an instruction to the model: "${snippet}"`, op.source);
  }
  const description = buildDescription(
    {
      ...(op.summary !== undefined ? { summary: op.summary } : {}),
      ...(op.description !== undefined ? { description: op.description } : {}),
      deprecated: op.deprecated,
      fallback: operationKey(op),
    },
    options.descriptionMaxLength !== undefined ? { maxLength: options.descriptionMaxLength } : {},
  );
  const title = titleOf(op.summary);
  const definition: ToolDefinition = { name, ...(title !== undefined ? { title } : {}), description, inputSchema: input.schema };
  if (output) definition.outputSchema = output.schema;
  definition.annotations = annotationsFor(op.method, title);

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
  return { definition, binding, source: op.source };
}

function titleOf(summary: string | undefined): string | undefined {
  if (summary === undefined) return undefined;
  const line = sanitizeText(summary).replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}
