import { resolve } from 'node:path';
import { UserError } from '../diagnostics.js';
import type { ApiOptions } from './define-config.js';
import { checkApiOptions, mergeOptions } from './resolve-options.js';

/** One API of a config, its paths absolute and its options merged (shared, then its own). */
export interface ResolvedApi {
  /** Absolute file path, or the http(s)/file URL as written. */
  input: string;
  /** Absolute directory. */
  output: string;
  options: ApiOptions;
}

export interface ResolvedConfig {
  /** Absolute path of the config file; absent for a config object passed in from code. */
  file?: string;
  apis: ResolvedApi[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkPath(entry: Record<string, unknown>, key: 'input' | 'output', where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value === '') {
    throw new UserError(`${where}.${key} must be a non-empty string (${key === 'input' ? 'the spec path or URL' : 'the output directory'}), got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
  }
  return value;
}

/** Relative paths are relative to `baseDir` (the config file's directory); URLs stay as they are. */
function resolveInput(input: string, baseDir: string): string {
  return /^(https?|file):/i.test(input) ? input : resolve(baseDir, input);
}

/**
 * Checks a config value (what a config file exports, or what code passes to `generateAll`) and
 * resolves it: the one-API shorthand becomes a list, paths become absolute, shared options are
 * merged into each API. `where` names the config in messages. Every problem is one `UserError` line.
 */
export function checkConfig(value: unknown, where: string, baseDir: string): ResolvedConfig {
  if (!isRecord(value)) {
    throw new UserError(`${where}: the config must be an object with "apis" (or "input" and "output" for one API), got ${Array.isArray(value) ? 'an array' : JSON.stringify(value) ?? typeof value}`);
  }
  const entries: { entry: Record<string, unknown>; where: string }[] = [];
  let shared: ApiOptions = {};
  if ('apis' in value) {
    shared = checkApiOptions(value, where, ['apis'], true);
    const apis = value.apis;
    if (!Array.isArray(apis) || apis.length === 0) throw new UserError(`${where}: "apis" must be a non-empty array of { input, output, ... }`);
    apis.forEach((entry: unknown, i) => {
      const at = `${where}: apis[${i}]`;
      if (!isRecord(entry)) throw new UserError(`${at} must be an object { input, output, ... }, got ${JSON.stringify(entry)}`);
      entries.push({ entry, where: at });
    });
  } else if ('input' in value || 'output' in value) {
    entries.push({ entry: value, where });
  } else {
    throw new UserError(`${where}: the config needs "apis" (a list of { input, output, ... }) or, for one API, "input" and "output"`);
  }
  const apis: ResolvedApi[] = [];
  const outputs = new Map<string, string>();
  for (const { entry, where: at } of entries) {
    const own = checkApiOptions(entry, at, ['input', 'output'], false);
    const input = checkPath(entry, 'input', at);
    const output = resolve(baseDir, checkPath(entry, 'output', at));
    const clash = outputs.get(output);
    if (clash !== undefined) throw new UserError(`${at}.output is the output of ${clash.slice(clash.indexOf(': ') + 2)} too; each API needs its own directory`);
    outputs.set(output, at);
    const options = mergeOptions(shared, own);
    if (options.allowRef !== undefined) options.allowRef = options.allowRef.map((entry) => resolveInput(entry, baseDir));
    apis.push({ input: resolveInput(input, baseDir), output, options });
  }
  return { apis };
}
