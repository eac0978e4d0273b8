import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../diagnostics.js';
import { displayName } from '../load/source-url.js';
import { parseDocument } from '../load/parse-document.js';
import { checkConfig, type ResolvedConfig } from './check-config.js';

const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.js', '.mjs']);

export interface LoadConfigOptions {
  /** For names in messages (default `process.cwd()`). */
  cwd?: string;
  /**
   * Import the file afresh instead of from Node's module cache (watch mode re-reads a changed
   * config). Modules the config itself imports still come from the cache.
   */
  fresh?: boolean;
}

/**
 * Reads, checks and resolves a config file: `.json` parsed, `.js`/`.mjs` imported, `.ts`/`.mts`
 * imported through jiti (in ES module and CommonJS projects alike), its default export taken. Paths in it are relative
 * to its directory. Every problem (missing file, syntax error, no default export, unknown option,
 * wrong type) is a one-line `UserError` naming the file.
 */
export async function loadConfig(file: string, options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const url = pathToFileURL(file);
  const display = displayName(url.href, options.cwd ?? process.cwd());
  const ext = extname(file).toLowerCase();
  let value: unknown;
  if (ext === '.json') {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UserError(`cannot read config ${display}: ${reason(error)}`);
    }
    value = parseDocument(text, display);
  } else if (MODULE_EXTENSIONS.has(ext)) {
    if (!existsSync(file)) throw new UserError(`cannot read config ${display}: no such file`);
    value = await importDefault(file, display, ext, options.fresh === true);
  } else {
    throw new UserError(`config ${display}: unsupported extension; use .ts, .mts, .js, .mjs or .json`);
  }
  return { ...checkConfig(value, display, dirname(file)), file };
}

async function importDefault(file: string, display: string, ext: string, fresh: boolean): Promise<unknown> {
  const url = pathToFileURL(file).href;
  let module: Record<string, unknown>;
  try {
    module = ext === '.ts' || ext === '.mts'
      ? await importTypeScript(file, fresh)
      : ((await import(fresh ? `${url}?t=${Date.now()}-${Math.random().toString(36).slice(2)}` : url)) as Record<string, unknown>);
  } catch (error) {
    const at = error instanceof SyntaxError ? syntaxErrorPosition(error, file, ext) : jitiErrorPosition(error, file);
    const text = reason(error);
    const commonJs = ext === '.js' && /Cannot use import statement outside a module|Unexpected token 'export'/.test(text)
      ? ' (this project\'s package.json makes .js files CommonJS: name the config .mjs or .ts)'
      : '';
    throw new UserError(`config ${display}${at}: ${text}${commonJs}`);
  }
  if (!('default' in module)) throw new UserError(`config ${display}: needs a default export (export default defineConfig({ ... }))`);
  return module.default;
}

/**
 * A TypeScript config through jiti, in any project: an ES module or CommonJS package (`npm init -y`
 * makes `.ts` CommonJS to Node, which then refuses `import`), on any Node 22. Nothing is cached on
 * disk (a run writes nothing to the user's project but its output).
 */
async function importTypeScript(file: string, fresh: boolean): Promise<Record<string, unknown>> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { fsCache: false, moduleCache: !fresh, interopDefault: false });
  return (await jiti.import(file)) as Record<string, unknown>;
}

/** `:line:column` (1-based) of a TypeScript parse error from jiti, whose message's second line is `file:line:column0`, or ''. */
function jitiErrorPosition(error: unknown, file: string): string {
  const second = (error instanceof Error ? error.message : '').split('\n')[1]?.trim() ?? '';
  const at = second.startsWith(`${file}:`) ? /^:(\d+):(\d+)$/.exec(second.slice(file.length)) : null;
  return at === null ? '' : `:${at[1]}:${Number(at[2]) + 1}`;
}

/**
 * `:line[:column]` of a syntax error in a module config, or ''. Node names the line of a TypeScript
 * error at the top of the stack (`/path/file.ts:2`); for JavaScript it keeps the position to itself,
 * so the file is checked again with `node --check`, whose report has it (error path only).
 */
function syntaxErrorPosition(error: SyntaxError, file: string, ext: string): string {
  const top = error.stack?.split('\n', 1)[0] ?? '';
  if (top.startsWith(`${file}:`)) {
    const line = /^\d+$/.exec(top.slice(file.length + 1))?.[0];
    if (line !== undefined) return `:${line}`;
  }
  if (ext === '.ts' || ext === '.mts') return '';
  // child_process on this error path only: loading it (with net and streams) costs every run ~2 ms.
  const check = process.getBuiltinModule('node:child_process').spawnSync(process.execPath, ['--input-type=module', '--check'], { input: readFileSync(file), encoding: 'utf8', timeout: 10_000 });
  const lines = (check.stderr ?? '').split('\n');
  const line = /^\[stdin\]:(\d+)$/.exec(lines[0] ?? '')?.[1];
  if (line === undefined) return '';
  const caret = lines[2]?.indexOf('^') ?? -1;
  return caret >= 0 ? `:${line}:${caret + 1}` : `:${line}`;
}

/** The first line of an error's message, without Node's stack or code frame. */
function reason(error: unknown): string {
  if ((error as { code?: unknown }).code === 'ENOENT') return 'no such file';
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return (message.split('\n')[0] ?? message).trimEnd();
}
