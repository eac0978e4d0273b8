import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../diagnostics.js';
import { displayName } from '../load/source-url.js';
import type { ResolvedApi } from './check-config.js';
import type { ApiOptions } from './define-config.js';
import { findConfig, CONFIG_FILE_NAMES } from './find-config.js';
import { loadConfig } from './load-config.js';
import { mergeOptions, optionsFromFlags } from './resolve-options.js';

/** One API to generate, with everything decided. */
export interface ApiRun {
  /** Absolute file path or URL. */
  input: string;
  /** Absolute directory. */
  output: string;
  /** How messages name the output: `--out` as typed, else relative to the working directory. */
  outputDisplay: string;
  /** The file's options with the command line's on top. */
  options: ApiOptions;
}

export interface RunPlan {
  /** Absolute path of the config file in effect, if any. */
  configFile?: string;
  runs: ApiRun[];
}

/** The `generate` flags this module reads; the option flags are the config keys (see `API_OPTIONS`). */
export interface PlanFlags {
  out?: string;
  config?: string;
  [flag: string]: unknown;
}

export interface PlanOptions {
  cwd: string;
  /** Re-import a module config (watch mode). */
  fresh?: boolean;
}

/**
 * Decides what `openapi-mcp generate [spec]` generates:
 * - no spec: every API of the config file (`--config`, else the first of `CONFIG_FILE_NAMES` in the
 *   working directory); flags override the file for every API (`--out`/`--name` only when it has one API);
 * - a spec and `--config`: the API(s) of that spec alone, flags over their options; a spec the file
 *   does not list is an error;
 * - a spec without `--config`: a run from the flags alone (`--out` required); no config file is read.
 */
export async function planRuns(spec: string | undefined, flags: PlanFlags, options: PlanOptions): Promise<RunPlan> {
  const { cwd } = options;
  // A config file is code (a .ts/.js config runs): the one in the working directory is loaded only
  // when no spec is given; with a spec, only `--config` loads one (a spec and --out need none).
  const configFile = flags.config !== undefined ? resolve(cwd, flags.config) : spec === undefined ? findConfig(cwd) : undefined;
  const fromFlags = optionsFromFlags(flags);
  const outFromFlags = flags.out !== undefined ? { output: resolve(cwd, flags.out), outputDisplay: flags.out } : undefined;
  if (configFile === undefined) {
    if (spec === undefined) {
      throw new UserError(`no spec given and no config file here (looked for ${CONFIG_FILE_NAMES.join(', ')}); run openapi-mcp generate <spec> --out <dir>, or pass --config <file>`);
    }
    return { runs: [standalone(spec, fromFlags, outFromFlags, cwd)] };
  }
  const config = await loadConfig(configFile, { cwd, ...(options.fresh ? { fresh: true } : {}) });
  const display = displayName(pathToFileURL(configFile).href, cwd);
  const shown = (output: string): string => {
    const rel = relative(cwd, output);
    return rel === '' ? '.' : isAbsolute(rel) ? output : rel;
  };
  if (spec !== undefined) {
    const wanted = sameInput(spec, cwd);
    const apis = config.apis.filter((a) => sameInput(a.input, cwd) === wanted);
    if (apis.length === 0) {
      if (flags.config !== undefined) {
        throw new UserError(`${spec} is not an input of ${display} (its inputs: ${config.apis.map((a) => displayName(sameInput(a.input, cwd), cwd)).join(', ')})`);
      }
      return { configFile, runs: [standalone(spec, fromFlags, outFromFlags, cwd)] };
    }
    return { configFile, runs: configRuns(apis, `${display} lists ${spec} ${apis.length} times`) };
  }
  return { configFile, runs: configRuns(config.apis, `${display} has ${config.apis.length} APIs`) };

  function configRuns(apis: readonly ResolvedApi[], what: string): ApiRun[] {
    if (apis.length > 1) {
      for (const flag of ['out', 'name'] as const) {
        if (flags[flag] !== undefined) throw new UserError(`--${flag} names one package but ${what}; set it per API in the file`);
      }
    }
    return apis.map((api) => ({ input: api.input, ...(outFromFlags ?? { output: api.output, outputDisplay: shown(api.output) }), options: mergeOptions(api.options, fromFlags) }));
  }
}

function standalone(spec: string, options: ApiOptions, out: { output: string; outputDisplay: string } | undefined, cwd: string): ApiRun {
  if (out === undefined) throw new UserError(`--out <dir> is required (or --config <file> with a config that lists ${spec})`);
  return { input: /^(https?|file):/i.test(spec) ? spec : resolve(cwd, spec), output: out.output, outputDisplay: out.outputDisplay, options };
}

/** A comparable identity for a spec: the URL for http(s)/file URLs, the file URL of a path. */
function sameInput(input: string, cwd: string): string {
  return /^(https?|file):/i.test(input) ? new URL(input).href : pathToFileURL(resolve(cwd, input)).href;
}
