import { load as loadYamlFast } from 'js-yaml';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { UserError } from '../diagnostics.js';
import { jsonErrorOffset } from './json-error-offset.js';

/**
 * Parses the text of a spec file. JSON when the first non-space character is `{`, YAML otherwise
 * (YAML also reads JSON, so a JSON file starting with anything else still loads). A `{` file is not
 * retried as YAML: YAML would turn most JSON mistakes (`"paths": tru`) into strings and hide them.
 *
 * YAML goes through `js-yaml` first (4–6× faster than `yaml` on 3 MB specs). Where it refuses,
 * `yaml` gets a second try: it accepts some real-world files `js-yaml` rejects (e.g. a flow mapping
 * whose closing brace is under its key, in moby's swagger.yaml), and it locates errors well.
 * Both use the YAML 1.2 core schema (no timestamps, no `<<` merge keys), so they agree on values.
 *
 * Throws `UserError('<display>:<line>:<col>: invalid JSON|YAML: <reason>')`, line and column 1-based.
 */
export function parseDocument(text: string, display: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (isJsonText(body)) {
    try {
      return JSON.parse(body);
    } catch (error) {
      throw jsonSyntaxError(body, display, error);
    }
  }
  return parseYaml(body, display);
}

const YAML_FAST_OPTIONS = { maxDepth: 1000 };

function parseYaml(text: string, display: string): unknown {
  let fastError: unknown;
  try {
    return loadYamlFast(text, YAML_FAST_OPTIONS);
  } catch (error) {
    fastError = error;
  }
  try {
    // Loaded only when needed: importing `yaml` costs ~30 ms of every run's start-up.
    const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
    return yaml.parse(text, { logLevel: 'error', maxAliasCount: -1 });
  } catch (error) {
    throw yamlSyntaxError(text, display, error, fastError);
  }
}

/** Whether `parseDocument` reads `text` with `JSON.parse` (then the document is a tree: no node is shared). */
export function isJsonText(text: string): boolean {
  return firstNonSpace(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) === '{';
}

function firstNonSpace(text: string): string | undefined {
  const match = /\S/.exec(text);
  return match?.[0];
}

function jsonSyntaxError(text: string, display: string, error: unknown): UserError {
  const message = error instanceof Error ? error.message : String(error);
  const positioned = /(?: in JSON)? at position (\d+)/.exec(message);
  let offset = positioned ? Number(positioned[1]) : jsonErrorOffset(text);
  if (offset < 0) offset = text.length;
  let reason: string;
  if (positioned) reason = message.slice(0, positioned.index);
  else if (message.startsWith('Unexpected end of JSON input')) reason = 'unexpected end of input';
  else reason = /^(Unexpected token '.*?'),/s.exec(message)?.[1] ?? 'syntax error';
  const { line, column } = lineAndColumn(text, offset);
  return new UserError(`${display}:${line}:${column}: invalid JSON: ${lowerFirst(reason)}`);
}

function yamlSyntaxError(text: string, display: string, error: unknown, fastError: unknown): UserError {
  const linePos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
  if (linePos && error instanceof Error) {
    const reason = error.message.split(/ at line \d+, column \d+/)[0] ?? error.message;
    return new UserError(`${display}:${linePos.line}:${linePos.col}: invalid YAML: ${lowerFirst(reason)}`);
  }
  const mark = (fastError as { mark?: { line: number; column: number } }).mark;
  const fastReason = (fastError as { reason?: unknown }).reason;
  if (mark && typeof fastReason === 'string') {
    return new UserError(`${display}:${mark.line + 1}:${mark.column + 1}: invalid YAML: ${lowerFirst(fastReason)}`);
  }
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const { line, column } = lineAndColumn(text, 0);
  return new UserError(`${display}:${line}:${column}: invalid YAML: ${lowerFirst(reason ?? 'syntax error')}`);
}

/** 1-based line and column (in UTF-16 units) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
