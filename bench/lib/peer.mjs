// The peer generator (openapi-mcp-generator), installed on demand into .bench/peer.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { npmCommand } from './npm.mjs';

export const PEER_PACKAGE = 'openapi-mcp-generator';
export const PEER_VERSION = '4.0.1';

function installedVersion(pkgDir) {
  const manifest = path.join(pkgDir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/**
 * Installs the peer into `<repoRoot>/.bench/peer` when missing (or another version) and returns
 * `{ bin, version, installed }` where bin is the peer's CLI script (run with node).
 * Throws an Error with a user-facing message when npm fails.
 */
export function ensurePeer(repoRoot, log) {
  const prefix = path.join(repoRoot, '.bench', 'peer');
  const pkgDir = path.join(prefix, 'node_modules', PEER_PACKAGE);
  let installed = false;
  if (installedVersion(pkgDir) !== PEER_VERSION) {
    log(`installing ${PEER_PACKAGE}@${PEER_VERSION} into ${path.relative(repoRoot, prefix)} ...`);
    const npm = npmCommand([
      'install',
      '--prefix',
      prefix,
      `${PEER_PACKAGE}@${PEER_VERSION}`,
      '--no-save',
      '--no-audit',
      '--no-fund',
    ]);
    const result = spawnSync(npm.cmd, npm.args, { cwd: repoRoot, encoding: 'utf8' });
    if (result.error !== undefined || result.status !== 0) {
      const why = result.error?.message ?? result.stderr.trim().split('\n').slice(-5).join('\n');
      throw new Error(
        `could not install ${PEER_PACKAGE}@${PEER_VERSION} (is the npm registry reachable?):\n${why}`,
      );
    }
    installed = true;
  }
  const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const binRel = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[PEER_PACKAGE];
  if (binRel === undefined) throw new Error(`${PEER_PACKAGE} has no "${PEER_PACKAGE}" bin`);
  return { bin: path.join(pkgDir, binRel), version: manifest.version, installed };
}

/**
 * Arguments for one full peer generation (`openapi-mcp-generator --help`): stdio transport (its
 * default), written into a directory that does not exist yet, --force so it never prompts.
 */
export function peerArgs(bin, spec, outDir) {
  return [bin, '--input', spec, '--output', outDir, '--force'];
}
