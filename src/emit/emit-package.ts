import type { ToolListCost } from '../report/token-cost.js';
import type { EmitPlan, GeneratedFile } from '../model/emit-plan.js';
import type { ToolModel } from '../model/tool-model.js';
import { buildApiConfig } from './api-config.js';
import type { ConfirmPolicy } from '../model/runtime-config.js';
import { emitClientFiles } from './client-files.js';
import { emitClientOnlyPackage } from './client-package.js';
import { emitConfigFile, emitIndexFile, emitMainFile, emitRuntimeFiles, emitToolFiles } from './code-files.js';
import { emitHandlerFiles } from './handler-files.js';
import { emitHooksFile } from './hooks-file.js';
import { checkPackageName, defaultPackageName } from './package-naming.js';
import { emitStaticFiles } from './static-files.js';
import { indexDocuments, searchDocuments, type SearchDocument } from './search-core.gen.js';
import { searchIndexJson } from './search-index-json.js';
import { emitToolSearchFiles, searchIndexFile, toolCatalog } from './tool-search-files.js';
import { decideToolsMode, estimateTokens, type ToolsModeOption } from './tools-mode.js';

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
}

/** ToolModel → the files of a complete server package (with its typed client), sorted by path. Pure. */
export function emitPackage(model: ToolModel, options: EmitOptions = {}): EmitPlan {
  return draftPackage(model, options).finish(options.cost === undefined ? {} : { cost: options.cost });
}

/**
 * A package emitted in steps, so that a run can count tokens and build the search index on another
 * thread meanwhile (parallel/side-work.ts): `searchDocuments` is what the index is built from;
 * `emitBody` makes the files that need neither (most of the work: tools, client, runtime);
 * `finish` adds the README and config (the start mode follows the cost) and the search index,
 * built here when not given.
 */
export interface PackageDraft {
  readonly searchDocuments: readonly SearchDocument[];
  emitBody(): void;
  finish(done: { cost?: ToolListCost; searchIndex?: string }): EmitPlan;
}

export function draftPackage(model: ToolModel, options: EmitOptions = {}): PackageDraft {
  const name = checkPackageName(options.packageName ?? `${defaultPackageName(model.info.title, model.servers)}${options.clientOnly ? '-client' : ''}`);
  const api = buildApiConfig(model, name, options.packageVersion ?? '1.0.0', { confirm: options.confirm ?? 'destructive' });
  const client = { name, version: api.config.version, title: api.config.title };
  if (options.clientOnly) {
    return { searchDocuments: [], emitBody() {}, finish: () => sorted(emitClientOnlyPackage(model, client)) };
  }
  // A tool manifest's package: each tool runs the user's handler instead of calling an upstream.
  const handlers = model.tools.some((t) => t.binding.kind === 'handler');
  const catalog = toolCatalog(model.tools, model.toolsetDescriptions);
  const documents = searchDocuments(model.tools, catalog);
  const size = { listLength: 12 };
  let body: GeneratedFile[] | undefined;
  const emitBody = (): GeneratedFile[] =>
    (body ??= [
      ...emitToolFiles(model.tools, size),
      ...emitRuntimeFiles(),
      ...emitToolSearchFiles(catalog),
      ...(handlers ? emitHandlerFiles(model.tools) : []),
      emitMainFile(handlers),
      emitIndexFile(handlers),
      emitHooksFile(),
      ...emitClientFiles(model.tools, client, 'server'),
    ]);
  return {
    searchDocuments: documents,
    emitBody,
    finish(done) {
      const files = emitBody();
      // The exact count when the run has it (report/token-cost.ts), else an estimate from the list's length.
      const mode = decideToolsMode(options.toolsMode ?? 'auto', { tools: model.tools.length, tokens: done.cost?.tokens ?? estimateTokens(size.listLength) });
      api.config.toolsMode = mode.mode;
      const index = done.searchIndex ?? searchIndexJson(indexDocuments(documents));
      return sorted([
        ...files,
        ...emitStaticFiles(model, api, { catalog, mode }, done.cost),
        emitConfigFile(api.config),
        searchIndexFile(index),
      ]);
    },
  };
}

function sorted(files: GeneratedFile[]): EmitPlan {
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files };
}
