/**
 * Applies a set of file writes and removals to a directory all-or-nothing, as far as a filesystem
 * allows.
 *
 * 1. Stage: every new or changed file is written to a temp file next to its target (same directory,
 *    so the later rename is atomic), creating missing directories. Nothing existing is touched yet.
 * 2. Commit, in the given order: a file to be replaced or removed is first moved aside to a backup
 *    in its own directory (hard link when possible, so the target never disappears); then the temp
 *    file is renamed onto the target (or, for a removal, the target is unlinked).
 * 3. Success: backups are deleted, directories emptied by removals are removed.
 *    Failure at any point: every completed step is undone in reverse (backups renamed back, new
 *    files unlinked), temps and directories this run created are deleted, and a `UserError` says
 *    which file failed and why.
 *
 * Guarantee: when `applyChanges` throws, every file the run meant to touch holds its old bytes
 * again (or is absent again), unless the undo itself fails, which the error then names, keeping the
 * backup files it could not restore. Not guaranteed: readers during the run may see a mix of old and
 * new files; a crash (power loss, SIGKILL) mid-commit leaves the mix plus temp/backup files named
 * `*.openapi-mcp-*.tmp` / `*.bak`; nothing is fsync'ed, so durability is the filesystem's.
 */
import { randomBytes } from 'node:crypto';
import { writeStaysInside } from './safe-path.js';
import { existsSync, linkSync, mkdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../diagnostics.js';

/** The filesystem calls the writer makes; tests replace one to make it fail at a chosen step. */
export interface FileOps {
  mkdir(path: string): string | undefined;
  writeNew(path: string, contents: string | Uint8Array): void;
  link(existing: string, alias: string): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
}

export const nodeFileOps: FileOps = {
  mkdir: makeDirectory,
  writeNew: (path, contents) => writeFileSync(path, contents, { flag: 'wx' }),
  link: (existing, alias) => linkSync(existing, alias),
  rename: (from, to) => renameSync(from, to),
  unlink: (path) => unlinkSync(path),
};

/**
 * `mkdir -p`, returning the first directory it created (as `mkdirSync(path, { recursive: true })`
 * does). Not that call itself: where mkdir answers ENOENT although the parent exists (below
 * /proc, on a stale mount), Node's loops forever, creating the parent again and again.
 */
function makeDirectory(path: string): string | undefined {
  const missing: string[] = [];
  for (let dir = path; !existsSync(dir); dir = dirname(dir)) {
    if (dirname(dir) === dir) break;
    missing.unshift(dir);
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') throw Object.assign(new Error(`cannot create ${dir}`), { code: 'ENOENT', path: dir });
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
  return missing[0];
}

/** One file to put in place (`contents`) or to remove (`contents` undefined); `exists`: a file is there now. */
export interface FileChange {
  path: string;
  contents?: string | Uint8Array;
  exists: boolean;
}

interface Step {
  change: FileChange;
  target: string;
  temp?: string;
  backup?: string;
  /** Whether the target still holds the old bytes when `backup` was made by hard link. */
  linked?: boolean;
  /** The temp file was renamed onto the target, or the target was removed. */
  done?: boolean;
}

/** Applies `changes` (relative paths, in commit order) inside `outDir`; see the module comment. */
export function applyChanges(outDir: string, changes: readonly FileChange[], ops: FileOps = nodeFileOps): void {
  const tag = `openapi-mcp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const steps: Step[] = changes.map((change) => ({ change, target: join(outDir, change.path) }));
  const createdDirs: string[] = [];
  // Each directory once: 83 recursive mkdirs for GitHub's package cost 15 ms, for a dozen folders.
  const ensured = new Set<string>();
  let current: Step | undefined;
  try {
    for (const step of steps) {
      current = step;
      if (step.change.contents === undefined) continue;
      const dir = dirname(step.target);
      if (!ensured.has(dir)) {
        if (!writeStaysInside(outDir, step.change.path)) throw new Error(`${dirname(step.change.path)} leads outside ${outDir} through a symlink; remove the link`);
        const made = ops.mkdir(dir);
        if (made !== undefined) createdDirs.push(made);
        ensured.add(dir);
      }
      const temp = join(dirname(step.target), `.${basename(step.target)}.${tag}.tmp`);
      ops.writeNew(temp, step.change.contents);
      step.temp = temp;
    }
    for (const step of steps) {
      current = step;
      commit(step, tag, ops);
    }
  } catch (error) {
    const unrestored = rollBack(steps, createdDirs, ops);
    const reason = describe(error);
    const what = current === undefined ? outDir : join(outDir, current.change.path);
    const tail = unrestored.length === 0 ? `; ${outDir} was left as it was` : `; could not restore ${unrestored.join(', ')}`;
    throw new UserError(`cannot write ${what}: ${reason}${tail}`);
  }
  for (const step of steps) {
    if (step.backup !== undefined) tryUnlink(step.backup, ops);
  }
  for (const step of steps) {
    if (step.change.contents === undefined) removeEmptyParents(outDir, dirname(step.change.path));
  }
}

function commit(step: Step, tag: string, ops: FileOps): void {
  if (step.change.exists) {
    const backup = join(dirname(step.target), `.${basename(step.target)}.${tag}.bak`);
    try {
      ops.link(step.target, backup);
      step.linked = true;
    } catch {
      ops.rename(step.target, backup);
      step.linked = false;
    }
    step.backup = backup;
  }
  if (step.temp !== undefined) ops.rename(step.temp, step.target);
  else if (step.linked === true) ops.unlink(step.target);
  step.done = true;
}

/** Undoes completed steps in reverse; returns the targets it could not restore. */
function rollBack(steps: readonly Step[], createdDirs: readonly string[], ops: FileOps): string[] {
  const unrestored: string[] = [];
  for (const step of [...steps].reverse()) {
    try {
      if (step.backup !== undefined && (step.done === true || step.linked === false)) ops.rename(step.backup, step.target);
      else if (step.backup !== undefined) ops.unlink(step.backup);
      else if (step.done === true) ops.unlink(step.target);
    } catch {
      unrestored.push(step.backup === undefined ? step.target : `${step.target} (old bytes in ${step.backup})`);
    }
    if (step.temp !== undefined && step.done !== true) tryUnlink(step.temp, ops);
  }
  for (const dir of [...createdDirs].reverse()) rmSync(dir, { recursive: true, force: true });
  return unrestored;
}

function tryUnlink(path: string, ops: FileOps): void {
  try {
    ops.unlink(path);
  } catch {
    // Already gone, or not ours to worry about: the run's outcome does not depend on it.
  }
}

function removeEmptyParents(outDir: string, dir: string): void {
  for (let d = dir; d !== '.' && d !== ''; d = dirname(d)) {
    const full = join(outDir, d);
    try {
      if (readdirSync(full).length > 0) return;
      rmdirSync(full);
    } catch {
      return;
    }
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'a directory is in the way',
    ENOTDIR: 'a file is in the way of a directory',
    EEXIST: 'a file is in the way of a directory',
    ENOSPC: 'no space left on device',
    EROFS: 'read-only file system',
  };
  if (code === 'ENOENT' && error instanceof Error && error.message.startsWith('cannot create ')) return error.message;
  if (typeof code === 'string') return known[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}
