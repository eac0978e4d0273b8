import { readFileSync } from 'node:fs';
import { isHttpUrl } from './source-url.js';

/** The bytes of a source, or the one-line message saying why they could not be had. */
export type SourceBytes = { ok: true; bytes: Buffer } | { ok: false; message: string };

/** How long one HTTP request may take before it counts as failed. */
const FETCH_TIMEOUT_MS = 30_000;

/**
 * Reads a `file:` URL from disk or fetches an http(s) URL. Never throws: failures come back as
 * `cannot read <display>: <reason>` / `cannot fetch <url>: <reason>`.
 */
export async function readSource(url: string, display: string, fetchFn: typeof fetch): Promise<SourceBytes> {
  if (isHttpUrl(url)) return fetchSource(url, fetchFn);
  if (!url.startsWith('file:')) return { ok: false, message: `cannot read ${display}: unsupported URL scheme` };
  try {
    // Synchronous on purpose: for many small files (DigitalOcean: 2,849) it is 10× faster than
    // fs/promises (16 ms vs 150 ms), and a CLI has nothing else to do in the meantime.
    return { ok: true, bytes: readFileSync(new URL(url)) };
  } catch (error) {
    return { ok: false, message: `cannot read ${display}: ${fileErrorReason(error)}` };
  }
}

async function fetchSource(url: string, fetchFn: typeof fetch): Promise<SourceBytes> {
  try {
    const response = await fetchFn(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return { ok: false, message: `cannot fetch ${url}: ${status}` };
    }
    return { ok: true, bytes: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    return { ok: false, message: `cannot fetch ${url}: ${fetchErrorReason(error)}` };
  }
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
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
