import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * Whether `path` may name a file of an output directory: relative, forward slashes, no `.`/`..`/empty
 * segments, no drive letter, no backslash or NUL. Everything the writer touches passes this test, and
 * a manifest entry that fails it is ignored (a tampered manifest cannot reach outside the directory).
 */
export function isSafeRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path) || /[\\\0]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Whether the directory that holds `path` really lies inside `outDir`, symlinks resolved: a manifest
 * entry below a symlink to elsewhere (`src/link → /etc`) is not deleted. False when either is missing.
 */
export function parentIsInside(outDir: string, path: string): boolean {
  try {
    const root = realpathSync(outDir);
    const parent = realpathSync(dirname(join(outDir, path)));
    const rel = relative(root, parent);
    return rel === '' || (rel.split(sep)[0] !== '..' && !isAbsolute(rel));
  } catch {
    return false;
  }
}

/**
 * Whether writing `path` (relative to `outDir`) stays inside `outDir`: the closest directory of it
 * that exists already, symlinks resolved, lies inside `outDir`. A directory symlink inside the
 * output (`src -> /elsewhere`) would otherwise make the writer create and write files elsewhere.
 */
export function writeStaysInside(outDir: string, path: string): boolean {
  if (!existsSync(outDir)) return true; // all of it is created now
  let dir = dirname(join(outDir, path));
  while (!existsSync(dir)) {
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  try {
    const root = realpathSync(outDir);
    const rel = relative(root, realpathSync(dir));
    return rel === '' || (rel.split(sep)[0] !== '..' && !isAbsolute(rel));
  } catch {
    return false;
  }
}
