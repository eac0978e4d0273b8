/**
 * Brings an output directory to an `EmitPlan`, or (check mode) says what that would change.
 *
 * Ownership:
 * - generator-owned files are written when their bytes differ; one that was edited since the last
 *   generation (its bytes are not the ones the manifest recorded) is overwritten all the same and
 *   reported in `overwritten`;
 * - a generator file with a `merge` (package.json) keeps the user's part: only what the merge
 *   changes is written, and edits to the user's part are not reported as overwritten;
 * - user-owned files are created when missing and never touched again; one the plan no longer has
 *   (the handler of a tool removed from a manifest) stays, and is reported in `unused` on every run;
 * - a file the manifest lists but the plan no longer has is removed only while it still holds the
 *   bytes the generator wrote, is a regular file (not a symlink) and lies inside the directory (symlinks
 *   resolved); an edited one is left in place and reported in `kept`. Nothing the manifest does not list
 *   is ever removed, so a file the user adds is never deleted.
 * - a directory without a manifest is not written over (refuseForeignFiles) unless `adopt`.
 * The write is all-or-nothing (atomic-write.ts); the manifest is the last file put in place.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { byCodeUnit } from '../by-code-unit.js';
import { UserError } from '../diagnostics.js';
import type { EmitPlan, GeneratedFile } from '../model/emit-plan.js';
import type { ToolSummaries } from '../report/tool-summary.js';
import { sha256Hex as sha256 } from '../sha256.js';
import { applyChanges, nodeFileOps, type FileChange, type FileOps } from './atomic-write.js';
import { generatorVersion } from './generator-version.js';
import { removeLeftovers } from './leftovers.js';
import { MANIFEST_FILE, readManifest, recordChanges, renderManifest, type InputRecord, type Manifest } from './manifest.js';
import { isSafeRelativePath, parentIsInside } from './safe-path.js';

export { MANIFEST_FILE } from './manifest.js';

export type WriteMode = 'write' | 'check';

export interface WriteReport {
  created: string[];
  updated: string[];
  removed: string[];
  /** Generator-owned files (also in `updated`) edited since the last generation: overwritten. */
  overwritten: string[];
  /** Files generated before, no longer generated, but edited since: left in place. */
  kept: string[];
  /** User-owned files of the previous run the plan no longer has (a removed tool's handler): never touched, reported. */
  unused?: string[];
  unchanged: number;
  /** When the manifest is updated: what it records of the run that changed (manifest.ts recordChanges). */
  recorded?: string[];
  /** True when the directory already matched the plan. */
  upToDate: boolean;
}

/** What the new manifest records besides the files (see manifest.ts). */
export interface ManifestRecord {
  /** openapi-mcp's version (see generator-version.ts), when the caller has it already. */
  version?: string;
  options?: string;
  baseUrl?: string | null;
  root?: string;
  inputs?: InputRecord[];
  tools?: ToolSummaries;
}

export interface WriteOptions {
  /** The manifest in the directory before this run, when the caller has read it already (`undefined`: none). */
  previous?: Manifest | undefined;
  record?: ManifestRecord;
  /** Write into a directory openapi-mcp did not generate (no manifest) even over its files (`--force`). */
  adopt?: boolean;
  /** Filesystem calls, replaceable in tests. */
  ops?: FileOps;
}


function readOrUndefined(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Brings `outDir` to the plan (see the module comment). In `check` mode nothing is written; the
 * report says what would change. Throws `UserError` when the write fails, after restoring the directory.
 */
export function writePlan(plan: EmitPlan, outDir: string, mode: WriteMode = 'write', options: WriteOptions = {}): WriteReport {
  const previous = 'previous' in options ? options.previous : readManifest(outDir);
  const report: WriteReport = { created: [], updated: [], removed: [], overwritten: [], kept: [], unchanged: 0, upToDate: false };
  const hashes = new Map<string, string>();
  const userFiles: string[] = [];
  // UTF-8 bytes once per file: hashing, comparing and writing all use them (hashing a string
  // converts it again each time, 4x slower than the bytes).
  const encoded = new Map<string, Buffer>();
  for (const file of plan.files) {
    if (!isSafeRelativePath(file.path) || file.path === MANIFEST_FILE) throw new Error(`emit produced an invalid path: ${JSON.stringify(file.path)}`);
    const onDisk = file.merge !== undefined ? readOrUndefined(join(outDir, file.path)) : undefined;
    const bytes = onDisk !== undefined ? Buffer.from(file.merge!(onDisk.toString('utf8')))
      : file.bytes !== undefined ? Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) : Buffer.from(file.contents);
    encoded.set(file.path, bytes);
    // A file the user edits in part (package.json) is recorded by the generator's part only.
    if (file.owner === 'generator') hashes.set(file.path, sha256(file.generatorPart !== undefined ? file.generatorPart(bytes.toString('utf8')) : bytes));
    else userFiles.push(file.path);
  }
  // A user file the plan dropped stays the user's: listed again, so every run reports it until it is deleted.
  const unused = (previous?.userFiles ?? []).filter((path) => !userFiles.includes(path) && !hashes.has(path) && isSafeRelativePath(path) && readOrUndefined(join(outDir, path)) !== undefined).sort(byCodeUnit);
  if (unused.length > 0) report.unused = unused;
  const next: Manifest = { ...options.record, version: options.record?.version ?? generatorVersion(), files: hashes, userFiles: [...userFiles, ...unused] };
  const manifest = renderManifest(next);
  encoded.set(MANIFEST_FILE, Buffer.from(manifest));
  const files: GeneratedFile[] = [...plan.files, { path: MANIFEST_FILE, contents: manifest, owner: 'generator' }];
  const byPath = new Map(files.map((f) => [f.path, f]));

  for (const file of files) {
    const current = readOrUndefined(join(outDir, file.path));
    if (current === undefined) report.created.push(file.path);
    else if (file.owner === 'user' || current.equals(encoded.get(file.path)!)) report.unchanged++;
    else {
      report.updated.push(file.path);
      if (file.path !== MANIFEST_FILE && file.merge === undefined && previous?.files.get(file.path) !== sha256(current)) report.overwritten.push(file.path);
    }
  }
  if (options.adopt !== true) refuseForeignFiles(outDir, report);
  for (const [path, hash] of previous?.files ?? []) {
    if (byPath.has(path)) continue;
    const state = staleFileState(outDir, path, hash);
    if (state === 'remove') report.removed.push(path);
    else if (state === 'edited') report.kept.push(path);
  }
  report.removed.sort(byCodeUnit);
  report.kept.sort(byCodeUnit);
  if (report.updated.includes(MANIFEST_FILE)) {
    const recorded = recordChanges(previous, next);
    if (recorded.length > 0) report.recorded = recorded;
  }
  report.upToDate = report.created.length === 0 && report.updated.length === 0 && report.removed.length === 0;
  if (mode === 'check') return report;
  // Temp and backup files of a killed run are no longer needed once the directory is what the plan says.
  const dirs = files.map((f) => posix.dirname(f.path));
  if (report.upToDate) {
    removeLeftovers(outDir, dirs);
    return report;
  }

  const changes: FileChange[] = [
    ...report.created.map((path) => ({ path, contents: encoded.get(path)!, exists: false })),
    ...report.updated.map((path) => ({ path, contents: encoded.get(path)!, exists: true })),
    ...report.removed.map((path) => ({ path, exists: true })),
  ];
  // Path order, the manifest last: a run stopped mid-commit leaves the old manifest, whose hashes no
  // longer match, so the next run regenerates instead of skipping.
  changes.sort((a, b) => (a.path === MANIFEST_FILE ? 1 : b.path === MANIFEST_FILE ? -1 : byCodeUnit(a.path, b.path)));
  applyChanges(outDir, changes, options.ops ?? nodeFileOps);
  removeLeftovers(outDir, dirs);
  return report;
}

/**
 * A directory without a manifest (of any format, even a broken one) is not one openapi-mcp generated: a mistyped
 * `--out` (the project itself) must not lose its README.md, package.json or tsconfig.json. Files
 * equal to the generated ones and the user's own (src/hooks.ts) are no reason to stop.
 */
function refuseForeignFiles(outDir: string, report: WriteReport): void {
  if (report.updated.length === 0 || existsSync(join(outDir, MANIFEST_FILE))) return;
  const shown = report.updated.slice(0, 5).join(', ') + (report.updated.length > 5 ? ` and ${report.updated.length - 5} more` : '');
  throw new UserError(
    `${outDir} was not generated by openapi-mcp (it has no ${MANIFEST_FILE}) and holds files it would overwrite: ${shown}; generate into a new or empty directory, or pass --force to overwrite them`,
  );
}

/**
 * What to do with a file of the previous manifest that the plan no longer has: `remove` it (still
 * the generator's bytes), leave it as `edited`, or `ignore` it (gone, not a regular file, or
 * outside the directory through a symlink).
 */
function staleFileState(outDir: string, path: string, hash: string): 'remove' | 'edited' | 'ignore' {
  const target = join(outDir, path);
  try {
    if (!lstatSync(target).isFile()) return 'ignore';
  } catch {
    return 'ignore';
  }
  if (!parentIsInside(outDir, path)) return 'ignore';
  const bytes = readOrUndefined(target);
  if (bytes === undefined) return 'ignore';
  return sha256(bytes) === hash ? 'remove' : 'edited';
}
