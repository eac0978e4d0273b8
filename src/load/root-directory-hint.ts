import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How much of each file is read to tell whether it is a spec's root. */
const HEAD_BYTES = 4096;

/** At most this many candidates are named. */
const MAX_NAMED = 3;

/** A top-level `openapi:`, `swagger:` or `toolManifest:` key (YAML or JSON) near the start of a file. */
const ROOT_KEY = /(?:^|[{,\n])\s*["']?(?:openapi|swagger|toolManifest)["']?\s*:/;

/**
 * The read error for a root that could not be read, with a hint when the root is a directory
 * (a multi-file spec's folder, say): which of its files look like the spec's root file.
 */
export function rootReadError(message: string, rootUrl: string, rootDisplay: string): string {
  if (!rootUrl.startsWith('file:')) return message;
  let dir: string;
  try {
    dir = fileURLToPath(rootUrl);
    if (!statSync(dir).isDirectory()) return message;
  } catch {
    return message;
  }
  const roots = rootFilesIn(dir).map((name) => join(rootDisplay, name));
  if (roots.length === 0) return `${message}; pass the spec file itself (none of its files starts like an OpenAPI document or a tool manifest)`;
  if (roots.length === 1) return `${message}; pass its root file: ${roots[0]}`;
  const more = roots.length > MAX_NAMED ? `, … (${roots.length} in all)` : '';
  return `${message}; pass its root file, one of: ${roots.slice(0, MAX_NAMED).join(', ')}${more}`;
}

/** The `.json`, `.yaml` and `.yml` files directly in `dir` whose first bytes hold a root key, sorted. */
function rootFilesIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(?:json|ya?ml)$/i.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return names.filter((name) => ROOT_KEY.test(head(join(dir, name))));
}

function head(path: string): string {
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      return buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}
