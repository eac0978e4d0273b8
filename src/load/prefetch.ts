import { readFile } from 'node:fs';
import { toSourceUrl } from './source-url.js';

/**
 * A local spec file read on the libuv thread pool, started by the CLI as soon as it knows the
 * spec argument: the read (GitHub's 13 MB: ~30 ms) then overlaps with loading the pipeline's
 * modules instead of following it. `loadSpec` takes the bytes when `url` is its root file; any
 * read error makes it read the file again itself, so errors are reported exactly as without it.
 */
export interface PrefetchedFile {
  url: string;
  bytes: Promise<Buffer>;
}

/** The bytes once read, with their URL; `undefined` when there is nothing prefetched or the read failed. */
export async function prefetchedBytes(prefetched: PrefetchedFile | undefined): Promise<{ url: string; bytes: Buffer } | undefined> {
  if (prefetched === undefined) return undefined;
  return prefetched.bytes.then(
    (bytes) => ({ url: prefetched.url, bytes }),
    () => undefined,
  );
}

/** Starts reading `input` (a path or `file:` URL relative to `cwd`); `undefined` for remote or invalid inputs. */
export function prefetchFile(input: string, cwd: string): PrefetchedFile | undefined {
  let url: string;
  try {
    url = toSourceUrl(input, cwd);
  } catch {
    return undefined;
  }
  if (!url.startsWith('file:')) return undefined;
  // fs's callback API: fs/promises (with the readline and stream modules it loads) is not needed otherwise.
  const bytes = new Promise<Buffer>((resolve, reject) => readFile(new URL(url), (error, data) => (error === null ? resolve(data) : reject(error))));
  bytes.catch(() => {}); // never an unhandled rejection: loadSpec reads again and reports
  return { url, bytes };
}
