import { createHash } from 'node:crypto';
import { sha256Hex } from '../sha256.js';
import { relativeUrl } from './source-url.js';

/** sha256 (hex) of one file's bytes. */
export function hashBytes(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/**
 * One hash over every file read, in URL order: each file contributes its URL relative to the root
 * (so renaming or moving a referenced file changes the hash, moving the whole project does not)
 * and the sha256 of its bytes (`fileHashes`, computed once per file and also kept in the manifest).
 */
export function hashSources(rootUrl: string, fileHashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const url of [...fileHashes.keys()].sort()) hash.update(`${relativeUrl(rootUrl, url)}\n${fileHashes.get(url)!}\n`);
  return hash.digest('hex');
}
