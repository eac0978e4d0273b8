/**
 * The manifest (`.openapi-mcp-manifest.json` in the output directory): what the generator wrote
 * there and from what, so that the next run can
 * - remove generated files the spec no longer needs, and only those (`files` with their sha256: a
 *   file is deleted only while its bytes are still the ones written);
 * - skip the whole run when nothing changed (`version`, `options`, `inputs`, see up-to-date.ts);
 * - say which tools were added, removed or changed (`tools`, see ../report/change-report.ts), and
 *   whether the base URL changed (`baseUrl`).
 *
 * Deterministic like every generated file: keys sorted, no dates, no absolute paths (input paths are
 * relative to the root spec file). One tool per line so that diffs of a committed manifest read well.
 * A manifest that does not parse, or is of another format, counts as absent; an entry that names a
 * path outside the output directory (`../x`, `/etc/x`, `C:\x`) is dropped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { byCodeUnit } from '../by-code-unit.js';
import { parseToolSummaries, type ToolSummaries } from '../report/tool-summary.js';
import { isSafeRelativePath } from './safe-path.js';

export const MANIFEST_FILE = '.openapi-mcp-manifest.json';
const FORMAT = 2;
const SHA256 = /^[0-9a-f]{64}$/;

/** One file the spec reached: its URL relative to the root spec file (or absolute http(s) URL). */
export interface InputRecord {
  path: string;
  sha256: string;
}

export interface Manifest {
  /** openapi-mcp's version that wrote the directory. */
  version: string;
  /** sha256 of the options that shape the output (see options-hash.ts); absent: never skip. */
  options?: string;
  /** The server's default upstream base URL (the spec's first server; `null`: none), for the change report; absent: unknown. */
  baseUrl?: string | null;
  /** The root spec file, as its path in `inputs` (its file name). */
  root?: string;
  /** Every file the spec reached, sorted by path; absent: the run can never be skipped. */
  inputs?: InputRecord[];
  /** Generator-owned files (this manifest excluded) → sha256 of the bytes written. */
  files: ReadonlyMap<string, string>;
  /** Files the user owns: created once, listed so that a missing one counts as a change. */
  userFiles: string[];
  /** Tool name → summary, for the change report; absent: unknown. */
  tools?: ToolSummaries;
}

/** The manifest in `outDir`, or `undefined` when there is none (or none this version can read). */
export function readManifest(outDir: string): Manifest | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  return parseManifest(data);
}

export function parseManifest(data: unknown): Manifest | undefined {
  if (!isObject(data) || data.generator !== 'openapi-mcp' || data.format !== FORMAT || typeof data.version !== 'string') return undefined;
  const files = new Map<string, string>();
  if (isObject(data.files)) {
    for (const [path, hash] of Object.entries(data.files)) {
      if (isSafeRelativePath(path) && path !== MANIFEST_FILE && typeof hash === 'string' && SHA256.test(hash)) files.set(path, hash);
    }
  }
  const userFiles = Array.isArray(data.userFiles)
    ? data.userFiles.filter((p): p is string => typeof p === 'string' && isSafeRelativePath(p))
    : [];
  const manifest: Manifest = { version: data.version, files, userFiles };
  if (typeof data.options === 'string' && SHA256.test(data.options)) manifest.options = data.options;
  if (typeof data.baseUrl === 'string' || data.baseUrl === null) manifest.baseUrl = data.baseUrl;
  const inputs = parseInputs(data.inputs);
  if (inputs !== undefined && typeof data.root === 'string' && inputs.some((i) => i.path === data.root)) {
    manifest.root = data.root;
    manifest.inputs = inputs;
  }
  const tools = parseToolSummaries(data.tools);
  if (tools !== undefined) manifest.tools = tools;
  return manifest;
}

function parseInputs(value: unknown): InputRecord[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const out: InputRecord[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.path !== 'string' || entry.path === '' || typeof entry.sha256 !== 'string' || !SHA256.test(entry.sha256)) {
      return undefined;
    }
    out.push({ path: entry.path, sha256: entry.sha256 });
  }
  return out;
}


/** The manifest's bytes: fixed key order, sorted entries, one file / input / tool per line, LF. */
export function renderManifest(manifest: Manifest): string {
  const json = (value: unknown): string => JSON.stringify(value);
  const lines = ['{', `  "generator": "openapi-mcp",`, `  "format": ${FORMAT},`, `  "version": ${json(manifest.version)},`];
  if (manifest.options !== undefined) lines.push(`  "options": ${json(manifest.options)},`);
  if (manifest.baseUrl !== undefined) lines.push(`  "baseUrl": ${json(manifest.baseUrl)},`);
  if (manifest.root !== undefined && manifest.inputs !== undefined) {
    lines.push(`  "root": ${json(manifest.root)},`);
    const inputs = [...manifest.inputs].sort((a, b) => byCodeUnit(a.path, b.path));
    lines.push(`  "inputs": [`, ...inputs.map((i, n) => `    ${json({ path: i.path, sha256: i.sha256 })}${n < inputs.length - 1 ? ',' : ''}`), '  ],');
  }
  const block = (name: string, entries: string[], open: string, close: string, last: boolean): void => {
    if (entries.length === 0) lines.push(`  ${json(name)}: ${open}${close}${last ? '' : ','}`);
    else lines.push(`  ${json(name)}: ${open}`, ...entries.map((e, n) => `    ${e}${n < entries.length - 1 ? ',' : ''}`), `  ${close}${last ? '' : ','}`);
  };
  const files = [...manifest.files.keys()].sort(byCodeUnit).map((path) => `${json(path)}: ${json(manifest.files.get(path))}`);
  const tools = manifest.tools;
  block('files', files, '{', '}', false);
  block('userFiles', [...manifest.userFiles].sort(byCodeUnit).map(json), '[', ']', tools === undefined);
  if (tools !== undefined) {
    block('tools', [...tools.keys()].sort(byCodeUnit).map((name) => `${json(name)}: ${json(tools.get(name))}`), '{', '}', true);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

/**
 * What the manifest records of a run besides the files and tools, in words, where `next` differs
 * from `previous`: why `--check` would update a manifest when no other file changes (a spec edit
 * that changes no tool, another option value, another openapi-mcp).
 */
export function recordChanges(previous: Manifest | undefined, next: Manifest): string[] {
  if (previous === undefined) return [];
  const inputs = (m: Manifest): string => JSON.stringify([m.root, [...(m.inputs ?? [])].sort((a, b) => byCodeUnit(a.path, b.path))]);
  return [
    ...(inputs(previous) !== inputs(next) ? ["the spec's files"] : []),
    ...(previous.options !== next.options ? ['the options'] : []),
    ...(previous.version !== next.version ? ['the openapi-mcp version'] : []),
  ];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
