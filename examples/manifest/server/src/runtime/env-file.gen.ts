/**
 * Environment files read at start: `--env-file <path>` (repeatable), then `.env` in the working
 * directory. A variable takes its value from the first place that sets it: the real environment
 * (e.g. an MCP host's `"env"` block), then the `--env-file` files in the order given, then `.env`.
 * So a file never overrides a variable that is already set, even to an empty value.
 *
 * The format is dotenv's: `NAME=value` lines, optionally `export NAME=value`; `#` starts a comment
 * (inside an unquoted value only after a space); blank lines are skipped. Values may be quoted:
 * `'...'` is taken literally, `"..."` understands `\n`, `\r`, `\t`, `\"` and `\\`; either may span
 * several lines. An unquoted empty value (`NAME=`, as in `.env.example`) sets nothing.
 *
 * Values are never logged nor put in messages: a bad line is reported by file and line number only.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Environment = Record<string, string | undefined>;

export interface EnvFileReport {
  /** Files read, as given (`.env` only when it exists). */
  files: string[];
  /** How many variables the files set (not counting those already set). */
  set: number;
  /** Lines that are not `NAME=value`: `file:line: why`, no content. */
  warnings: string[];
}

/** A `--env-file` that cannot be read (the server does not start). */
export class EnvFileError extends Error {
  override name = 'EnvFileError';
}

export const DEFAULT_ENV_FILE = '.env';

/**
 * Reads the files into `env` (setting only names it does not have). `explicit` files must exist;
 * `.env` is read when it exists. Relative paths are resolved against `cwd`; a file named twice
 * (`--env-file .env`, or the same path spelled two ways) is read once.
 */
export function loadEnvFiles(env: Environment, explicit: readonly string[], cwd: string = process.cwd()): EnvFileReport {
  const report: EnvFileReport = { files: [], set: 0, warnings: [] };
  const seen = new Set<string>();
  const read = (file: string, required: boolean): void => {
    const path = resolve(cwd, file);
    if (seen.has(path)) return;
    seen.add(path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (!required && code === 'ENOENT') return;
      throw new EnvFileError(`cannot read ${required ? '--env-file ' : ''}${file}${typeof code === 'string' ? ` (${code})` : ''}`);
    }
    report.files.push(file);
    const parsed = parseEnvFile(text);
    for (const line of parsed.badLines) report.warnings.push(`${file}:${line}: not a NAME=value line; ignored`);
    for (const [name, value] of parsed.entries) {
      if (Object.hasOwn(env, name) && env[name] !== undefined) continue;
      env[name] = value;
      report.set++;
    }
  };
  for (const file of explicit) read(file, true);
  read(DEFAULT_ENV_FILE, false);
  return report;
}

export interface ParsedEnvFile {
  /** In file order; a later line for the same name wins within one file. */
  entries: Map<string, string>;
  /** 1-based numbers of lines that are not assignments. */
  badLines: number[];
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*/;

export function parseEnvFile(text: string): ParsedEnvFile {
  const entries = new Map<string, string>();
  const badLines: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(?:#.*)?$/.test(line)) continue;
    const match = ASSIGNMENT.exec(line);
    if (match === null) {
      badLines.push(i + 1);
      continue;
    }
    const name = match[1]!;
    let rest = line.slice(match[0].length);
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // The closing quote may be on a later line.
      const start = i;
      let body = rest.slice(1);
      let end = closingQuote(body, quote);
      while (end === -1 && i + 1 < lines.length) {
        body += `\n${lines[++i]!}`;
        end = closingQuote(body, quote);
      }
      if (end === -1 || !/^\s*(?:#.*)?$/.test(body.slice(end + 1))) {
        badLines.push(start + 1);
        continue;
      }
      const raw = body.slice(0, end);
      entries.set(name, quote === "'" ? raw : unescapeDouble(raw));
      continue;
    }
    const comment = rest.search(/\s#/);
    if (comment !== -1) rest = rest.slice(0, comment);
    if (rest.startsWith('#')) rest = '';
    const value = rest.trim();
    if (value === '') entries.delete(name);
    else entries.set(name, value);
  }
  return { entries, badLines };
}

function closingQuote(body: string, quote: string): number {
  for (let j = 0; j < body.length; j++) {
    if (quote === '"' && body[j] === '\\') {
      j++;
      continue;
    }
    if (body[j] === quote) return j;
  }
  return -1;
}

function unescapeDouble(raw: string): string {
  return raw.replace(/\\([nrt"\\])/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c));
}
