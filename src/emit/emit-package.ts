import type { JsonTexts } from '../json-texts.js';
import type { ToolListCost } from '../report/token-cost.js';
import type { EmitPlan, GeneratedFile } from '../model/emit-plan.js';
import type { ToolModel } from '../model/tool-model.js';
import { buildApiConfig, credentialHint } from './api-config.js';
import type { ConfirmPolicy } from '../model/runtime-config.js';
import { clientMethodNames, emitClientFiles } from './client-files.js';
import { emitClientOnlyPackage } from './client-package.js';
import { emitConfigFile, emitIndexFile, emitMainFile, emitRuntimeFiles, emitToolFiles } from './code-files.js';
import { emitHandlerFiles } from './handler-files.js';
import { emitHooksFile } from './hooks-file.js';
import { checkPackageName, defaultPackageName } from './package-naming.js';
import { emitStaticFiles } from './static-files.js';
import { emitToolSearchFiles, toolCatalog } from './tool-search-files.js';
import { decideToolsMode, DEFAULT_TOOLS_TOKEN_BUDGET, estimateTokens, type ToolsModeOption } from './tools-mode.js';

export interface EmitOptions {
  /** npm package name; default from the server host or the title (`api.github.com` → `github-mcp`, see default-name.ts). */
  packageName?: string;
  /** Default 1.0.0: the package version does not follow the API's so regeneration stays stable. */
  packageVersion?: string;
  /** A package with only the typed client (for a server someone else runs); default name `<…>-mcp-client`. */
  clientOnly?: boolean;
  /** The generated server's default `--confirm` policy (input-gate.gen.ts); default `destructive`. */
  confirm?: ConfirmPolicy;
  /** The token cost of the tools, for the README (report/token-cost.ts); without it the README has no cost section. */
  cost?: ToolListCost;
  /** The mode the server starts in (see tools-mode.ts); default `auto`. */
  toolsMode?: ToolsModeOption;
  /** Tokens a static tools/list may cost for `auto` to pick static (default {@link DEFAULT_TOOLS_TOKEN_BUDGET}). */
  tokenBudget?: number;
}

/**
 * ToolModel → the files of a complete server package (with its typed client), sorted by path. Pure.
 * `json`: where the tool data's JSON texts are kept for the tool summaries (see json-texts.ts).
 */
export function emitPackage(model: ToolModel, options: EmitOptions = {}, json?: JsonTexts): EmitPlan {
  const name = checkPackageName(options.packageName ?? `${defaultPackageName(model.info.title, model.servers)}${options.clientOnly ? '-client' : ''}`);
  const api = buildApiConfig(model, name, options.packageVersion ?? '1.0.0', { confirm: options.confirm ?? 'destructive' });
  const client = { name, version: api.config.version, title: api.config.title };
  if (options.clientOnly) return sorted(emitClientOnlyPackage(model, client));
  // A tool manifest's package: each tool runs the user's handler instead of calling an upstream.
  const handlers = model.tools.some((t) => t.binding.kind === 'handler');
  const catalog = toolCatalog(model.tools, model.toolsetDescriptions, undefined, model.toolsetOrder);
  // One name per tool, used by the README, the handler types and the client.
  const methods = clientMethodNames(model.tools);
  const size = { listLength: 12 };
  const toolFiles = emitToolFiles(model.tools, size, json);
  // The exact count when the run has it (report/token-cost.ts), else an estimate from the list's length.
  const option = options.toolsMode ?? 'auto';
  const budget = options.tokenBudget ?? DEFAULT_TOOLS_TOKEN_BUDGET;
  const mode = decideToolsMode(option, { tools: model.tools.length, tokens: options.cost?.tokens ?? estimateTokens(size.listLength) }, budget);
  api.config.toolsMode = mode.mode;
  // auto: a server started with a selection that fits the budget serves it statically (tool-selection.gen.ts).
  if (option === 'auto') api.config.toolsBudget = budget;
  const hint = credentialHint(model, name);
  const files: GeneratedFile[] = [
    ...emitStaticFiles(model, api, { catalog, mode, methods, credentialHint: hint }, options.cost),
    ...emitRuntimeFiles(),
    emitConfigFile(api.config),
    ...toolFiles,
    ...emitToolSearchFiles(model.tools, catalog, options.cost?.perTool),
    ...(handlers ? emitHandlerFiles(model.tools, methods) : []),
    emitMainFile(handlers),
    emitIndexFile(handlers),
    emitHooksFile(),
    ...emitClientFiles(model.tools, client, 'server', methods),
  ];
  return { ...sorted(files), toolsMode: mode, ...(hint !== undefined ? { credentialHint: hint } : {}) };
}

function sorted(files: GeneratedFile[]): EmitPlan {
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files };
}
