import { createHash } from 'node:crypto';
import { relativeUrl } from './source-url.js';

/**
 * sha256 over every file read, in URL order: each file contributes its URL relative to the root
 * (so renaming or moving a referenced file changes the hash, moving the whole project does not),
 * its length and its bytes.
 */
export function hashSources(rootUrl: string, sources: ReadonlyMap<string, Uint8Array>): string {
  const hash = createHash('sha256');
  for (const url of [...sources.keys()].sort()) {
    const bytes = sources.get(url)!;
    hash.update(`${relativeUrl(rootUrl, url)}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}
