import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { planRuns, type ApiRun } from '../config/plan-runs.js';
import { toGenerateOptions } from '../config/resolve-options.js';
import { UserError } from '../diagnostics.js';
import type { PrefetchedFile } from '../load/prefetch.js';
import { generate, type GenerateResult } from '../generate.js';
import { MANIFEST_FILE } from '../write/manifest.js';
import { budgetWarning, costLines, DEFAULT_TOKEN_BUDGET } from '../report/cost-summary.js';
import { apiReport, renderRunReport, type ApiReport } from '../report/report-json.js';
import { changeReportLines, fileNoticeLines } from './print-change-report.js';
import { printDiagnostics } from './print-diagnostics.js';
import { printable } from './printable.js';
import { stopOnSignals } from './stop-on-signal.js';

export interface GenerateFlags {
  out?: string;
  config?: string;
  name?: string;
  check?: boolean;
  strict?: boolean;
  validate?: boolean;
  nameStyle?: 'portable' | 'spec';
  sensitive?: string[];
  /** Selection (`--include`, `--exclude`, `--include-tags`, `--exclude-tags`): config keys, read by `planRuns`. */
  include?: string[];
  exclude?: string[];
  includeTags?: string[];
  excludeTags?: string[];
  /** `--client-only`: a config key too, read by `planRuns`. */
  clientOnly?: boolean;
  /** `--allow-ref`: a config key too. */
  allowRef?: string[];
  /** `--not-sensitive`: a config key too. */
  notSensitive?: string[];
  /** `--confirm`: the generated server's default confirmation policy (a config key too). */
  confirm?: 'destructive' | 'writes' | 'none';
  /** `--auth`, `--auth-env`: config keys too (the upstream credential, see map/declared-auth.ts). */
  auth?: string;
  authEnv?: string[];
  /** `--output-schema`, `--descriptions`, `--token-budget`: config keys too. */
  outputSchema?: 'full' | 'compact' | 'none';
  descriptions?: 'full' | 'compact';
  tokenBudget?: number;
  verbose?: boolean;
  watch?: boolean;
  /** Run the whole pipeline even when inputs and options are unchanged. */
  force?: boolean;
  /** Write the change report (report/report-json.ts) to this file. */
  report?: string;
}

/** `openapi-mcp generate [spec]`: one API, or every API of the config file (see `planRuns`). */
export async function generateCommand(spec: string | undefined, flags: GenerateFlags, prefetched?: PrefetchedFile): Promise<void> {
  if (flags.watch && flags.check) throw new UserError('--watch and --check do not go together: --check writes nothing, --watch exists to write');
  const cwd = process.cwd();
  if (flags.watch) {
    await (await import('./watch-command.js')).watchCommand(spec, flags, cwd);
    return;
  }
  const { runs, configFile } = await planRuns(spec, { ...flags }, { cwd });
  const reportFile = flags.report !== undefined ? resolve(cwd, flags.report) : undefined;
  // Paths in the report are relative to the config file's directory, else to the report's own.
  const base = configFile !== undefined ? dirname(configFile) : dirname(reportFile ?? resolve(cwd, 'report.json'));
  const fromBase = (path: string): string => relative(base, path).split(sep).join('/') || '.';
  const reports: ApiReport[] = [];
  const signals = stopOnSignals();
  try {
    for (const run of runs) {
      const result = await generateRun(run, flags, prefetched);
      const input = /^[a-z][a-z0-9+.-]*:/i.test(run.input) ? run.input : fromBase(run.input);
      reports.push(apiReport({ input, output: fromBase(run.output), mode: flags.check ? 'check' : 'write', budget: run.options.tokenBudget ?? DEFAULT_TOKEN_BUDGET }, result));
    }
    if (reportFile !== undefined) writeFileSync(reportFile, renderRunReport(reports));
  } finally {
    await signals.release();
  }
}

/** The one line `generate` prints for a spec that declares no credentials (GitHub's): how to give the server a token. */
function credentialNote(spec: string, options: string): string {
  return printable(`note [no-credentials] ${spec}: the spec declares no credentials, so calls go upstream without any; to send a token, generate with ${options} (openapi-mcp's docs/upstream-credentials.md has the other kinds)`);
}

/** Generates one API and prints its diagnostics and its one-line outcome (`--check`: what would change). */
export async function generateRun(run: ApiRun, flags: GenerateFlags, prefetched?: PrefetchedFile): Promise<GenerateResult> {
  // Progress on a terminal; quiet when piped, unless --verbose asks for the stage timings.
  const progress = flags.verbose === true || process.stderr.isTTY === true;
  const result = await generate({
    ...toGenerateOptions(run.options),
    input: run.input,
    output: run.output,
    mode: flags.check ? 'check' : 'write',
    ...(prefetched !== undefined ? { prefetched } : {}),
    ...(flags.force ? { force: true } : {}),
    ...(progress ? { onStage: (stage, ms, detail) => process.stderr.write(`${stage.padEnd(9)} ${ms.toFixed(0).padStart(6)} ms  ${detail}\n`) } : {}),
  });
  printDiagnostics(result.diagnostics.items, result.loaded);
  // A note, not a warning: a public API is not a problem, so --strict must not fail on it. Advice for
  // whoever writes the package, so not under --check (CI), and not for a skipped run (nothing loaded).
  if (result.credentialHint !== undefined && result.loaded !== undefined && !flags.check) process.stderr.write(`${credentialNote(result.loaded.root.display, result.credentialHint.options)}\n`);
  const { report } = result;
  const out = run.outputDisplay;
  if (!report.upToDate) for (const line of [...changeReportLines(result.changes), ...fileNoticeLines(report, flags.check === true)]) process.stderr.write(`${line}\n`);
  if (flags.check) {
    if (report.upToDate) {
      process.stderr.write(`${out} is up to date\n`);
      return result;
    }
    for (const f of report.created) process.stderr.write(`would create ${f}\n`);
    for (const f of report.updated) {
      const why = f === MANIFEST_FILE && report.recorded !== undefined ? ` (changed since the last generation: ${report.recorded.join(', ')})` : '';
      process.stderr.write(`would update ${f}${why}\n`);
    }
    for (const f of report.removed) process.stderr.write(`would remove ${f}\n`);
    process.exitCode = 1;
    return result;
  }
  process.stderr.write(`${result.toolCount} tool${result.toolCount === 1 ? '' : 's'} → ${out} (${report.upToDate ? 'up to date' : `${report.created.length} created, ${report.updated.length} updated, ${report.removed.length} removed`})\n`);
  if (result.cost !== undefined && !run.options.clientOnly) {
    // The cost, like the stage timings, for people (a terminal or --verbose); the warning always.
    if (progress) for (const line of costLines(result.cost)) process.stderr.write(`${line}\n`);
    const warning = budgetWarning(result.cost, {
      budget: run.options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
      outputSchema: run.options.outputSchema ?? 'compact',
      descriptions: run.options.descriptions ?? 'compact',
      ...(result.toolsMode !== undefined ? { startsIn: { mode: result.toolsMode.mode, auto: (run.options.toolsMode ?? 'auto') === 'auto' } } : {}),
    });
    if (warning !== undefined) process.stderr.write(`${warning}\n`);
  }
  // What to do with a package just written for the first time, for people (a terminal or --verbose).
  if (progress && report.created.includes('package.json')) {
    const kind = run.options.clientOnly === true ? 'client' : result.loaded?.specVersion === 'manifest' ? 'handlers' : 'server';
    process.stderr.write(`${nextSteps(out, kind)}\n`);
  }
  return result;
}

/** The line after a package's first generation: how to build it, and where its README says the rest. */
export function nextSteps(out: string, kind: 'server' | 'client' | 'handlers'): string {
  const plain = /^[\w./-]+$/.test(out);
  const cd = out === '.' ? '' : `cd ${plain ? out : `'${out.replaceAll("'", `'\\''`)}'`} && `;
  const readme = out === '.' ? 'README.md' : plain ? `${out}/README.md` : 'the README.md there';
  const rest = {
    server: 'how to start the server, the credentials it reads and how to add it to an MCP host',
    client: 'how to call the API with the typed client',
    // A tool manifest's package: each tool answers "not implemented" until its handler is written.
    handlers: 'how to write the handlers (src/handlers/), start the server and add it to an MCP host',
  }[kind];
  return printable(`next: ${cd}npm install && npm run build; ${readme} says ${rest}`);
}
