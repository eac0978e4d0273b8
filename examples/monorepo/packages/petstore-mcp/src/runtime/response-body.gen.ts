/**
 * Reading an upstream response body within limits: keep only as many bytes as the result can use,
 * count the rest up to a hard limit (then cancel, so a huge download is not pulled through), and
 * decode text in its declared charset.
 */

export interface Body {
  bytes: Uint8Array;
  /** The body's size; a lower bound unless `exact` (counting stops at the body limit). */
  total: number;
  exact: boolean;
  /** The whole body is in `bytes`. */
  complete: boolean;
}

/** Keeps the first `keep` bytes; reads on only to count, up to `limit`, then cancels. */
export async function readBody(response: Response, keep: number, limit: number): Promise<Body> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (response.body === null) return { bytes: new Uint8Array(0), total: 0, exact: true, complete: true };
  // Content-Length counts the encoded bytes when fetch decompresses, so only a plain one is the size.
  if (keep === 0 && Number.isSafeInteger(declared) && declared > 0 && response.headers.get('content-encoding') === null) {
    await response.body.cancel().catch(() => undefined);
    return { bytes: new Uint8Array(0), total: declared, exact: true, complete: false };
  }
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (kept < keep) {
      const part = value.byteLength <= keep - kept ? value : value.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.byteLength;
    }
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { bytes: concat(chunks, kept), total, exact: false, complete: false };
    }
  }
  return { bytes: concat(chunks, kept), total, exact: true, complete: kept === total };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Reused: a TextDecoder keeps no state between calls that do not stream. */
const UTF8 = new TextDecoder('utf-8');

export function decode(bytes: Uint8Array, charset: string | undefined, json: boolean): string {
  const label = json || charset === undefined ? 'utf-8' : charset;
  const lower = label.toLowerCase();
  if (lower === 'utf-8' || lower === 'utf8') return UTF8.decode(bytes); // drops a leading BOM
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return UTF8.decode(bytes); // a charset this runtime does not know
  }
}

/** For a body without Content-Type: the first bytes are UTF-8 without NUL. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
