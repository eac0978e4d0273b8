import { displayDiagnostic, UserError } from '../diagnostics.js';
import { mapSpec } from '../map-spec.js';
import { setOwn } from '../normalize/set-own.js';
import type { ToolModel } from '../model/tool-model.js';
import { handlerPath } from '../emit/handler-files.js';
import { printDiagnostics } from './print-diagnostics.js';
import { printable } from './printable.js';
import { budgetWarning, costLines, DEFAULT_TOKEN_BUDGET, toolModelCost } from '../report/cost-summary.js';

export interface ToolsFlags {
  json?: boolean;
  strict?: boolean;
  validate?: boolean;
  nameStyle?: 'portable' | 'spec';
  schemaProfile?: 'standard' | 'portable';
  sensitive?: string[];
  descriptionMax?: number;
  include?: string[];
  exclude?: string[];
  includeTags?: string[];
  excludeTags?: string[];
  allowRef?: string[];
  outputSchema?: 'full' | 'compact' | 'none';
  descriptions?: 'full' | 'compact';
  tokenBudget?: number;
  notSensitive?: string[];
}

export async function toolsCommand(spec: string, flags: ToolsFlags): Promise<void> {
  const result = await mapSpec(spec, {
    ...(flags.nameStyle ? { nameStyle: flags.nameStyle } : {}),
    ...(flags.schemaProfile ? { schemaProfile: flags.schemaProfile } : {}),
    ...(flags.sensitive ? { sensitivePatterns: flags.sensitive } : {}),
    ...(flags.descriptionMax !== undefined ? { descriptionMaxLength: flags.descriptionMax } : {}),
    ...(flags.include ? { include: flags.include } : {}),
    ...(flags.exclude ? { exclude: flags.exclude } : {}),
    ...(flags.includeTags ? { includeTags: flags.includeTags } : {}),
    ...(flags.excludeTags ? { excludeTags: flags.excludeTags } : {}),
    ...(flags.validate ? { validate: true } : {}),
    ...(flags.allowRef ? { allowRefs: flags.allowRef } : {}),
    ...(flags.outputSchema ? { outputSchema: flags.outputSchema } : {}),
    ...(flags.descriptions ? { descriptions: flags.descriptions } : {}),
    ...(flags.notSensitive ? { notSensitive: flags.notSensitive } : {}),
    ...(flags.tokenBudget !== undefined ? { tokenBudget: flags.tokenBudget } : {}),
  });
  const warnings = result.diagnostics.items;
  if (flags.strict && warnings.length > 0) {
    const shown = warnings.map((d) => ({ ...displayDiagnostic(d, result.loaded), severity: 'error' as const }));
    throw new UserError(`${warnings.length} problem${warnings.length === 1 ? '' : 's'} in ${result.loaded.root.display} (--strict)`, shown);
  }
  printDiagnostics(warnings, result.loaded);
  // Indented for people at a terminal; compact when piped (GitHub: 17 MB → 7 MB, 3× faster to write).
  if (flags.json) {
    process.stdout.write(toolsJson(result.tools, process.stdout.isTTY ? 2 : undefined));
    return;
  }
  // The table ends with what the tools cost a model, and the budget warning when over it.
  const cost = await toolModelCost(result.tools);
  const warning = budgetWarning(cost, { budget: flags.tokenBudget ?? DEFAULT_TOKEN_BUDGET, outputSchema: flags.outputSchema ?? 'compact', descriptions: flags.descriptions ?? 'compact' });
  process.stdout.write(toolsTable(result.tools) + costLines(cost).map((l) => `${printable(l)}\n`).join(''));
  if (warning !== undefined) process.stderr.write(`${printable(warning)}\n`);
}

/** The pinned `tools --json` shape: `{ tools, sources }` (a manifest's tools: `{ kind: "handler", handler }`). */
export function toolsJson(model: ToolModel, indent?: number): string {
  const sources: Record<string, unknown> = {};
  for (const tool of model.tools) {
    if (tool.binding.kind === 'handler') {
      sources[tool.definition.name] = { kind: 'handler', handler: handlerPath(tool.definition.name) };
      continue;
    }
    const b = tool.binding;
    const args: Record<string, { in: string; name: string }> = {};
    for (const [arg, binding] of Object.entries(b.arguments)) setOwn(args, arg, { in: binding.in, name: binding.name });
    sources[tool.definition.name] = { method: b.method, path: b.path, ...(b.operationId !== undefined ? { operationId: b.operationId } : {}), arguments: args };
  }
  return JSON.stringify({ tools: model.tools.map((t) => t.definition), sources }, null, indent) + '\n';
}

/** A readable table: name, method, path (a manifest's tools: `handler` and the handler file), mirrored headers. */
export function toolsTable(model: ToolModel): string {
  const rows = model.tools.map((tool) => {
    const headers = Object.values(tool.definition.inputSchema.properties as Record<string, Record<string, unknown>>)
      .map((p) => p['x-mcp-header'])
      .filter((h): h is string => typeof h === 'string')
      .map((h) => `Mcp-Param-${h}`);
    if (tool.binding.kind === 'handler') return [tool.definition.name, 'handler', handlerPath(tool.definition.name), headers.join(', ')];
    const b = tool.binding;
    return [tool.definition.name, b.method, printable(b.path), headers.join(', ')];
  });
  const head = ['NAME', 'METHOD', 'PATH', 'MIRRORED HEADERS'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const count = printable(`${model.tools.length} tool${model.tools.length === 1 ? '' : 's'} from ${model.info.title} ${model.info.version}`);
  return [line(head), ...rows.map(line), '', count, ''].join('\n');
}

