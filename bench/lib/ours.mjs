// Our CLI (dist/cli/bin.js): built once with `npm run build` when dist/ is missing, never otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { npmCommand } from './npm.mjs';

/** `{ bin, unavailable }`: unavailable is a reason when the CLI cannot be run. */
export function locateOursCli(repoRoot, log) {
  const dist = path.join(repoRoot, 'dist');
  const bin = path.join(dist, 'cli', 'bin.js');
  if (!existsSync(dist)) {
    log('dist/ is missing; running npm run build once ...');
    const npm = npmCommand(['run', 'build']);
    const result = spawnSync(npm.cmd, npm.args, { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    if (result.error !== undefined || result.status !== 0) {
      return { bin, unavailable: 'npm run build failed' };
    }
  }
  if (!existsSync(bin)) return { bin, unavailable: 'dist/cli/bin.js missing (CLI not built yet)' };
  return { bin, unavailable: undefined };
}
