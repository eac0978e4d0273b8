import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isHttpUrl } from './source-url.js';

/** The bytes of a source, or the one-line message saying why they could not be had. */
export type SourceBytes = { ok: true; bytes: Buffer } | { ok: false; message: string };

/** How long one HTTP request (all its redirects and its body included) may take before it counts as failed. */
const FETCH_TIMEOUT_MS = 30_000;

/**
 * The largest spec file read or fetched (after decompression): msgraph's 20 MB fits three times.
 * A bigger file (an endless response, a gzip bomb, `/dev/zero`) stops being read at this size.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Redirects followed per fetch; each hop is checked again (see `ReadGuard`). */
const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Says why a URL (the first one and every redirect target) may not be fetched; `undefined` allows it. */
export type ReadGuard = (url: string) => Promise<string | undefined>;

/**
 * Reads a `file:` URL from disk or fetches an http(s) URL, at most `MAX_FILE_BYTES`. Never throws:
 * failures come back as `cannot read <display>: <reason>` / `cannot fetch <url>: <reason>`.
 */
export async function readSource(url: string, display: string, fetchFn: typeof fetch, guard?: ReadGuard): Promise<SourceBytes> {
  if (isHttpUrl(url)) return fetchSource(url, fetchFn, guard);
  if (!url.startsWith('file:')) return { ok: false, message: `cannot read ${display}: unsupported URL scheme` };
  try {
    const bytes = readLocalFile(new URL(url));
    if (typeof bytes === 'string') return { ok: false, message: `cannot read ${display}: ${bytes}` };
    return { ok: true, bytes };
  } catch (error) {
    return { ok: false, message: `cannot read ${display}: ${fileErrorReason(error)}` };
  }
}

/**
 * Synchronous on purpose: for many small files (DigitalOcean: 2,849) it is 10× faster than
 * fs/promises (16 ms vs 150 ms), and a CLI has nothing else to do in the meantime. Only regular
 * files, at most `MAX_FILE_BYTES` (a device or a FIFO could be endless); a string says why not.
 */
function readLocalFile(url: URL): Buffer | string {
  const fd = openSync(url, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return 'is a directory';
    if (!stat.isFile()) return 'not a regular file';
    if (stat.size > MAX_FILE_BYTES) return tooLarge();
    const bytes = Buffer.allocUnsafe(stat.size);
    let length = 0;
    while (length < bytes.length) {
      const n = readSync(fd, bytes, length, bytes.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return length === bytes.length ? bytes : bytes.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(): string {
  return `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`;
}

async function fetchSource(first: string, fetchFn: typeof fetch, guard: ReadGuard | undefined): Promise<SourceBytes> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let url = first;
  try {
    for (let hop = 0; ; hop++) {
      const refusal = await guard?.(url);
      if (refusal !== undefined) return { ok: false, message: `refused to fetch ${url}${url === first ? '' : ` (redirected from ${first})`}: ${refusal}` };
      const response = await fetchFn(url, { redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) return { ok: false, message: `cannot fetch ${first}: more than ${MAX_REDIRECTS} redirects` };
        url = new URL(location, url).href;
        if (!isHttpUrl(url)) return { ok: false, message: `refused to fetch ${first}: it redirects to a URL that is not http(s)` };
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
        return { ok: false, message: `cannot fetch ${url}: ${status}` };
      }
      const bytes = await readCapped(response);
      if (bytes === undefined) return { ok: false, message: `cannot fetch ${url}: ${tooLarge()}` };
      return { ok: true, bytes };
    }
  } catch (error) {
    return { ok: false, message: `cannot fetch ${url}: ${signal.aborted ? fetchErrorReason(signal.reason) : fetchErrorReason(error)}` };
  }
}

/** The (decompressed) body, or `undefined` once it exceeds `MAX_FILE_BYTES` (the rest is never read). */
async function readCapped(response: Response): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && declared > MAX_FILE_BYTES) {
    await response.body?.cancel();
    return undefined;
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_FILE_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

function fileErrorReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return FILE_ERRORS[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

function fetchErrorReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `timed out after ${FETCH_TIMEOUT_MS / 1000} s`;
  // node:http's errors carry the code themselves (pinned-fetch.ts), fetch's in their cause; a refused address says why
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string' && own !== 'EPRIVATEADDRESS') return own;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
