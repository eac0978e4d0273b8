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
  const body = new BodyAccumulator(keep, limit);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (body.add(value)) {
      await reader.cancel().catch(() => undefined);
      return body.cut();
    }
  }
  return body.ended();
}

/**
 * A body arriving in chunks (from fetch's reader or a Node stream, see upstream-response.gen.ts):
 * keeps the first `keep` bytes and counts all of them, and says when the count passes `limit`.
 */
export class BodyAccumulator {
  private readonly chunks: Uint8Array[] = [];
  private kept = 0;
  private total = 0;
  private readonly keep: number;
  private readonly limit: number;

  // Plain fields, no parameter properties: Node runs these files with type stripping only.
  constructor(keep: number, limit: number) {
    this.keep = keep;
    this.limit = limit;
  }

  /** Takes the next chunk; true once the body is over the limit (stop reading). */
  add(chunk: Uint8Array): boolean {
    this.total += chunk.byteLength;
    if (this.kept < this.keep) {
      const part = chunk.byteLength <= this.keep - this.kept ? chunk : chunk.subarray(0, this.keep - this.kept);
      this.chunks.push(part);
      this.kept += part.byteLength;
    }
    return this.total > this.limit;
  }

  /** The body when its end came. */
  ended(): Body {
    return { bytes: concat(this.chunks, this.kept), total: this.total, exact: true, complete: this.kept === this.total };
  }

  /** The body when reading stopped at the limit: `total` is then a lower bound. */
  cut(): Body {
    return { bytes: concat(this.chunks, this.kept), total: this.total, exact: false, complete: false };
  }
}

/** The chunks as one plain Uint8Array (a view when there is one chunk, as the fetch reader returns). */
function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const one = chunks.length === 1 ? chunks[0]! : chunks.length === 0 ? new Uint8Array(0) : Buffer.concat(chunks, size);
  return one.constructor === Uint8Array ? one : new Uint8Array(one.buffer, one.byteOffset, one.byteLength);
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
