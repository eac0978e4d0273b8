import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** True for `http:` and `https:` URLs (the only remote sources a spec may come from). */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The absolute URL of what the user typed: an http(s) or `file:` URL as is (normalised), anything
 * else a file path relative to `cwd`.
 */
export function toSourceUrl(input: string, cwd: string): string {
  if (isHttpUrl(input) || /^file:/i.test(input)) return new URL(input).href;
  return pathToFileURL(resolve(cwd, input)).href;
}

/** How diagnostics name a source: a local file relative to `cwd` with `/` separators, a remote one by its URL. */
export function displayName(url: string, cwd: string): string {
  if (!url.startsWith('file:')) return url;
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    return url;
  }
  const rel = relative(cwd, path);
  const shown = rel === '' ? '.' : isAbsolute(rel) ? path : rel;
  return sep === '/' ? shown : shown.split(sep).join('/');
}

/**
 * `url` relative to `base` when both share a scheme and host (so a hash or a message does not
 * depend on where the project sits on disk); the full URL otherwise.
 */
export function relativeUrl(base: string, url: string): string {
  const from = new URL(base);
  const to = new URL(url);
  if (from.protocol !== to.protocol || from.host !== to.host) return to.href;
  const fromDir = from.pathname.slice(0, from.pathname.lastIndexOf('/') + 1);
  const fromParts = fromDir.split('/').slice(0, -1);
  const toParts = to.pathname.split('/');
  let common = 0;
  while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
  const up = fromParts.length - common;
  return '../'.repeat(up) + toParts.slice(common).join('/') + to.search;
}
