import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHttpUrl } from './source-url.js';

/**
 * Where a spec's `$ref`s may lead. Specs come from the internet and are generated locally, so a
 * `$ref` is untrusted: `{ $ref: '/home/u/.config/gcloud/application_default_credentials.json' }`
 * must not copy a credential file into the generated package.
 *
 * - A local spec may read files inside its own directory tree (the root file's directory and below,
 *   symlinks resolved) and inside each directory the user allowed (`--allow-ref <dir>`, config key
 *   `allowRef`). Any other local file is refused: an error naming the `$ref`, never its content.
 * - A spec fetched from a URL never reads local files (load-spec.ts). No spec, local or fetched, may
 *   reach loopback, link-local or private addresses (see private-address.ts) except on a fetched
 *   root's own origin and on the origins of allowed URLs (`--allow-ref http://10.0.0.5:8080/`).
 */
export interface RefBoundary {
  /** Real directories a local file must be inside. */
  dirs: readonly string[];
  /** Origins (`http://10.0.0.5:8080`) that may be fetched even when their address is private. */
  origins: readonly string[];
}

/** The boundary of a spec whose root is `rootUrl`, widened by the user's `allowed` entries (directories relative to `cwd`, or URLs). */
export function refBoundary(rootUrl: string, allowed: readonly string[], cwd: string): RefBoundary {
  const dirs: string[] = [];
  const origins: string[] = [];
  if (isHttpUrl(rootUrl)) origins.push(new URL(rootUrl).origin);
  else if (rootUrl.startsWith('file:')) dirs.push(realPath(dirname(fileURLToPath(rootUrl))));
  for (const entry of allowed) {
    if (isHttpUrl(entry)) origins.push(new URL(entry).origin);
    else dirs.push(realPath(resolve(cwd, /^file:/i.test(entry) ? fileURLToPath(entry) : entry)));
  }
  return { dirs, origins };
}

/** True when the local file `url` (a `file:` URL) lies inside one of the boundary's directories, symlinks resolved. */
export function isInsideBoundary(url: string, boundary: RefBoundary): boolean {
  let path: string;
  try {
    // A host is another machine's share (UNC on Windows): never resolved, since looking it up
    // alone would hand that machine the user's credentials.
    const host = new URL(url).hostname;
    if (host !== '' && host !== 'localhost') return false;
    path = realPath(fileURLToPath(url));
  } catch {
    return false;
  }
  return boundary.dirs.some((dir) => isInside(path, dir));
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/**
 * The real path of `path`; for a path that does not exist (yet), the real path of its closest
 * existing ancestor joined with the rest, so a missing file still counts as inside or outside.
 */
function realPath(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  for (;;) {
    try {
      return resolve(realpathSync(at), ...rest.reverse());
    } catch {
      const up = dirname(at);
      if (up === at) return resolve(path);
      rest.push(at.slice(up.length).replace(/^[\\/]/, ''));
      at = up;
    }
  }
}
