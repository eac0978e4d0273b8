/**
 * The fast no-op: a rerun whose inputs and options are unchanged skips load → write entirely.
 *
 * The manifest records the generator version, a hash of the options, the root spec file and every
 * file the spec reached (path relative to the root spec file + sha256 of its bytes), and the sha256 of
 * every generated file. Before loading anything, a run re-hashes just those inputs (raw bytes, nothing
 * parsed) and the generated files: when all match, and every user-owned file still exists, the output
 * is exactly what a full run would write, so the run stops with "up to date". Warnings of the run
 * that wrote the output are not repeated (`--force` shows them again).
 *
 * Never skipped: a spec read from an http(s) URL or reaching one (a server may change its answer
 * without notice), a spec with a `$ref` file that could not be read (it may appear later), options
 * that cannot be hashed, a manifest from another openapi-mcp version, and `--check` / `force`
 * (check always runs the whole pipeline, so it also sees a generator change that kept the version).
 */
import { sha256Hex } from '../sha256.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANY_PACKAGE_JSON_LAYOUT, packageJsonGeneratorPart } from '../emit/package-json.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import type { ChangeReport } from '../report/change-report.js';
import { isHttpUrl, relativeUrl, toSourceUrl } from '../load/source-url.js';
import type { InputRecord, Manifest } from './manifest.js';
import type { WriteReport } from './write-plan.js';

/** Diagnostics that mean a reached file was not read: its absence is an input we cannot hash. */
const UNREAD_FILE_CODES = new Set(['ref-file-unreadable', 'ref-file-refused']);

/** The root and input records for the manifest, or `undefined` when this run can never be skipped later. */
export function recordInputs(loaded: LoadedSpec): { root: string; inputs: InputRecord[] } | undefined {
  if (loaded.fileHashes === undefined || loaded.diagnostics.some((d) => UNREAD_FILE_CODES.has(d.code))) return undefined;
  const rootUrl = loaded.root.url;
  const inputs = [...loaded.fileHashes].map(([url, sha256]) => ({ path: relativeUrl(rootUrl, url), sha256 }));
  return { root: relativeUrl(rootUrl, rootUrl), inputs };
}

export interface FreshnessKey {
  /** The spec as the user gave it, and the directory it is relative to. */
  input: string;
  cwd: string;
  version: string;
  options: string | undefined;
  /** The root file's bytes, already read by the CLI (see load/prefetch.ts): hashed instead of reading it again. */
  rootBytes?: { url: string; bytes: Uint8Array } | undefined;
}

/** Whether `outDir` (with its manifest `previous`) is exactly what a full run would write; see the module comment. */
export function isUpToDate(outDir: string, previous: Manifest | undefined, key: FreshnessKey): boolean {
  if (previous === undefined || previous.version !== key.version) return false;
  if (key.options === undefined || previous.options !== key.options) return false;
  if (previous.inputs === undefined || previous.root === undefined) return false;
  let rootUrl: string;
  try {
    rootUrl = toSourceUrl(key.input, key.cwd);
  } catch {
    return false;
  }
  if (isHttpUrl(rootUrl) || relativeUrl(rootUrl, rootUrl) !== previous.root) return false;
  for (const input of previous.inputs) {
    let url: URL;
    try {
      url = new URL(input.path, rootUrl);
    } catch {
      return false;
    }
    if (url.protocol !== 'file:') return false;
    const known = key.rootBytes?.url === url.href ? key.rootBytes.bytes : undefined;
    if (!sameHash(fileURLToPath(url), input.sha256, known)) return false;
  }
  for (const [path, sha256] of previous.files) if (!sameHash(join(outDir, path), sha256, undefined, PARTS[path])) return false;
  return previous.userFiles.every((path) => existsSync(join(outDir, path)));
}

/**
 * Generated files the user edits in part, whose manifest hash is of the generator's part
 * (GeneratedFile.generatorPart): every package's package.json, laid out as any generated one.
 */
const PARTS: Readonly<Record<string, (text: string) => string>> = {
  'package.json': (text) => packageJsonGeneratorPart(text, ANY_PACKAGE_JSON_LAYOUT),
};

function sameHash(path: string, sha256: string, bytes?: Uint8Array, part?: (text: string) => string): boolean {
  try {
    const read = bytes ?? readFileSync(path);
    return sha256Hex(part !== undefined ? part(Buffer.from(read).toString('utf8')) : read) === sha256;
  } catch {
    return false;
  }
}

/** What a skipped run reports: nothing changed; tool count and input files from the manifest. */
export function skippedRun(
  manifest: Manifest,
  input: string,
  cwd: string,
): { report: WriteReport; changes: ChangeReport; skipped: true; inputs: string[]; toolCount: number } {
  const rootUrl = toSourceUrl(input, cwd);
  return {
    report: { created: [], updated: [], removed: [], overwritten: [], kept: [], unchanged: manifest.files.size + manifest.userFiles.length + 1, upToDate: true },
    changes: { firstGeneration: false, added: [], removed: [], changed: [], breaking: false },
    skipped: true,
    inputs: (manifest.inputs ?? []).map((i) => new URL(i.path, rootUrl).href),
    toolCount: manifest.tools?.size ?? 0,
  };
}
