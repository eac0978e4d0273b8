import { spawnSync } from 'node:child_process';

/** The short commit of `repoRoot`'s HEAD, for the report header; undefined outside a git checkout. */
export function gitCommit(repoRoot) {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
