/**
 * What a run killed mid-write leaves behind (SIGKILL, a power loss; Ctrl-C waits for the write, see
 * cli/stop-on-signal.ts): temp and backup files named as atomic-write.ts names them,
 * `.<file>.openapi-mcp-<pid>-<8 hex>.tmp|.bak`. The next run that writes the directory puts every
 * generated file in place again, so it removes them too, in the directories it writes to, unless
 * the process that made them still runs (a concurrent run's own files).
 */
import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parentIsInside } from './safe-path.js';

const LEFTOVER = /^\..+\.openapi-mcp-(\d+)-[0-9a-f]{8}\.(?:tmp|bak)$/;

/** Removes the leftovers in `dirs` (relative to `outDir`); returns their paths, relative and sorted. */
export function removeLeftovers(outDir: string, dirs: Iterable<string>): string[] {
  const removed: string[] = [];
  for (const dir of new Set(dirs)) {
    if (!parentIsInside(outDir, dir === '.' ? 'x' : `${dir}/x`)) continue; // a symlink to elsewhere
    let names: string[];
    try {
      names = readdirSync(join(outDir, dir));
    } catch {
      continue;
    }
    for (const name of names) {
      const match = LEFTOVER.exec(name);
      if (match === null || isRunning(Number(match[1]))) continue;
      const path = dir === '.' ? name : `${dir}/${name}`;
      try {
        unlinkSync(join(outDir, path));
        removed.push(path);
      } catch {
        // A directory of that name, or gone already: not ours to worry about.
      }
    }
  }
  return removed.sort();
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
