import { parse, resolve } from 'node:path';
import { DiagnosticBag, displayDiagnostic, UserError } from './diagnostics.js';
import { emitPackage, type EmitOptions } from './emit/emit-package.js';
import type { LoadedSpec } from './load/loaded-spec.js';
import type { EmitPlan } from './model/emit-plan.js';
import { loadSpec } from './load/load-spec.js';
import { prefetchedBytes, type PrefetchedFile } from './load/prefetch.js';
import { validateSpec } from './load/validate-spec.js';
import type { MapOptions } from './map/map-options.js';
import { mapToTools } from './map/map-tools.js';
import { mapManifest, throwOnErrors } from './manifest/map-manifest.js';
import type { ToolModel } from './model/tool-model.js';
import { normalizeSpec } from './normalize/normalize-spec.js';
import { JsonTexts } from './json-texts.js';
import { unlessTooDeep } from './stack-depth.js';
import { diffTools, type ChangeReport } from './report/change-report.js';
import { toolModelCost } from './report/cost-summary.js';
import type { ToolListCost } from './report/token-cost.js';
import { summarizeTools } from './report/tool-summary.js';
import { generatorVersion } from './write/generator-version.js';
import { readManifest } from './write/manifest.js';
import { hashOptions } from './write/options-hash.js';
import { isUpToDate, recordInputs, skippedRun } from './write/up-to-date.js';
import { writePlan, type WriteMode, type WriteReport } from './write/write-plan.js';

export interface GenerateOptions extends MapOptions, EmitOptions {
  /** Spec path or URL. */
  input: string;
  /** Output directory of the package. */
  output: string;
  /** `check`: write nothing, report what would change. */
  mode?: WriteMode;
  validate?: boolean;
  /** Warnings become errors: the run fails before anything is written. */
  strict?: boolean;
  /** Tokens the whole tools/list may cost before the run warns (default {@link DEFAULT_TOKEN_BUDGET}). */
  tokenBudget?: number;
  cwd?: string;
  /**
   * Run the pipeline even when the manifest says inputs and options are unchanged (see
   * write/up-to-date.ts), and write into a directory openapi-mcp did not generate over its files.
   */
  force?: boolean;
  /** Directories (and origins) outside the spec's own tree that `$ref`s may read (see load/ref-boundary.ts). */
  allowRefs?: readonly string[];
  /** The spec file, already being read by the CLI (see load/prefetch.ts). */
  prefetched?: PrefetchedFile | undefined;
  /** Called as each stage ends (for progress output). */
  onStage?: (stage: Stage, ms: number, detail: string) => void;
}

export type Stage = 'load' | 'normalize' | 'map' | 'emit' | 'write';

export interface GenerateResult {
  /** Absent when the run was `skipped`. */
  loaded?: LoadedSpec;
  diagnostics: DiagnosticBag;
  report: WriteReport;
  /** Tools added, removed and changed since the previous generation (see report/change-report.ts). */
  changes: ChangeReport;
  /** True when inputs and options were unchanged and the output intact: nothing was loaded or written. */
  skipped: boolean;
  /** URLs of every file the spec reached (from the manifest when `skipped`). */
  inputs: string[];
  toolCount: number;
  /** What the tools/list answer costs a model (absent when the run was `skipped`). */
  cost?: ToolListCost;
  /** The mode the generated server starts in (absent when `skipped` or for a client-only package). */
  toolsMode?: EmitPlan['toolsMode'];
  /** Set when the server sends no upstream credential because the spec declares none (the CLI's `note [no-credentials]`). */
  credentialHint?: EmitPlan['credentialHint'];
  timings: Record<Stage, number>;
}

/** load → normalize → map → emit → write: the whole pipeline, for the CLI, tests and watch mode. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const timings = { load: 0, normalize: 0, map: 0, emit: 0, write: 0 };
  // hrtime, not performance.now(): the `performance` global loads the perf_hooks modules (~1 ms).
  const clock = (): number => Number(process.hrtime.bigint()) / 1e6;
  let last = clock();
  const done = (stage: Stage, detail: string): void => {
    const now = clock();
    timings[stage] = now - last;
    last = now;
    options.onStage?.(stage, timings[stage], detail);
  };
  const cwd = options.cwd ?? process.cwd();
  const outDir = resolve(cwd, options.output);
  // A package's files beside /bin and /etc are never what was meant (a typo, an empty variable).
  if (outDir === parse(outDir).root) throw new UserError(`cannot write a package into ${outDir}, the file system's root; give it a directory of its own (e.g. --out mcp)`);
  const mode = options.mode ?? 'write';
  const previous = readManifest(outDir);
  const optionsHash = hashOptions(options);
  const version = generatorVersion();
  // --strict and --validate judge the spec itself, which a skipped run never reads.
  if (mode === 'write' && options.force !== true && options.strict !== true && options.validate !== true && previous !== undefined) {
    // The CLI is reading the root file already: the freshness check hashes those bytes.
    const rootBytes = await prefetchedBytes(options.prefetched);
    if (isUpToDate(outDir, previous, { input: options.input, cwd, version, options: optionsHash, rootBytes })) {
      return { ...skippedRun(previous, options.input, cwd), diagnostics: new DiagnosticBag(), timings };
    }
  }
  const loaded = await loadSpec(options.input, { cwd, prefetched: options.prefetched, allowRefs: options.allowRefs });
  const diagnostics = new DiagnosticBag();
  diagnostics.items.push(...loaded.diagnostics);
  if (options.validate) diagnostics.items.push(...(await validateSpec(loaded)));
  done('load', `${loaded.files.size} file${loaded.files.size === 1 ? '' : 's'}`);
  // The tool data's JSON texts, kept for the summaries, which hash the same texts (and the cost's schemas).
  const json = new JsonTexts();
  const stages = async (): Promise<{ tools: ToolModel; cost: ToolListCost; plan: EmitPlan }> => {
    let tools: ToolModel;
    if (loaded.specVersion === 'manifest') {
      done('normalize', 'tool manifest');
      tools = mapManifest(loaded, options, diagnostics);
      throwOnErrors(diagnostics, loaded);
    } else {
      const model = normalizeSpec(loaded, diagnostics);
      done('normalize', `${model.operations.length} operations`);
      tools = mapToTools(model, options, diagnostics);
    }
    done('map', `${tools.tools.length} tools`);
    diagnostics.dropRepeats();
    if (options.strict && diagnostics.items.length > 0) {
      const n = diagnostics.items.length;
      const shown = diagnostics.items.map((d) => ({ ...displayDiagnostic(d, loaded), severity: 'error' as const }));
      throw new UserError(`${n} problem${n === 1 ? '' : 's'} in ${loaded.root.display} (--strict); nothing written`, shown);
    }
    const cost = await toolModelCost(tools, json);
    return { tools, cost, plan: emitPackage(tools, { ...options, cost }, json) };
  };
  const { tools, cost, plan } = await stages().catch((error: unknown) => {
    throw unlessTooDeep(error, loaded.root.display);
  });
  done('emit', `${plan.files.length} files`);
  const summaries = summarizeTools(tools.tools, json);
  const changes = diffTools(previous?.tools, summaries);
  // Where calls (and credentials) go by default; a client-only package has no base URL.
  const baseUrl = options.clientOnly === true ? undefined : (tools.servers[0]?.url ?? null);
  if (baseUrl !== undefined && previous?.baseUrl !== undefined && previous.baseUrl !== baseUrl) changes.baseUrl = { before: previous.baseUrl, after: baseUrl };
  const inputs = recordInputs(loaded);
  const record = { version, ...(optionsHash !== undefined ? { options: optionsHash } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}), ...inputs, tools: summaries };
  const report = writePlan(plan, outDir, mode, { previous, record, adopt: options.force === true });
  done('write', report.upToDate ? 'up to date' : `${report.created.length} created, ${report.updated.length} updated, ${report.removed.length} removed`);
  return { loaded, diagnostics, report, changes, skipped: false, inputs: [...loaded.files.keys()], toolCount: tools.tools.length, cost, ...(plan.toolsMode !== undefined ? { toolsMode: plan.toolsMode } : {}), ...(plan.credentialHint !== undefined ? { credentialHint: plan.credentialHint } : {}), timings };
}
