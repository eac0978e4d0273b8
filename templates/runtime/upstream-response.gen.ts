/**
 * The upstream's answer as node:http gives it (upstream.gen.ts), made an {@link UpstreamResponse}:
 * the body decoded by its Content-Encoding as `fetch` does (gzip, deflate, br), read only as far as
 * the result can use it (response-body.gen.ts), dropped unread, or handed to the afterResponse
 * hook as the fetch `Response` `fetch` would have given.
 */
import type { IncomingMessage } from 'node:http';
import { pipeline, Readable, Transform } from 'node:stream';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { BodyAccumulator, type Body } from './response-body.gen.js';
import type { UpstreamResponse } from './upstream.gen.js';

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** A node:http answer as an {@link UpstreamResponse}: body unread; `signal` stops reading it. */
export function upstreamResponse(method: string, res: IncomingMessage, url: URL, signal: AbortSignal): UpstreamResponse {
  // Failures are seen by whoever reads the body (readStream checks `errored`); without a listener a
  // connection lost before the body is read would throw out of the event loop.
  res.on('error', () => undefined);
  const status = res.statusCode ?? 0;
  const decoded = method !== 'HEAD' && method !== 'CONNECT' && !NULL_BODY_STATUSES.has(status) && !REDIRECT_STATUSES.has(status);
  const header = (name: string): string | null => {
    const value = res.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  let body: Readable | undefined;
  const stream = (): Readable => (body ??= decoded ? decode(res, header('content-encoding')) : res);
  return {
    status,
    statusText: res.statusMessage ?? '',
    header,
    readBody: (keep, limit) => readStream(res, stream(), decoded && header('content-encoding') !== null, keep, limit, signal),
    discard: () =>
      new Promise<void>((resolve) => {
        // A body that has fully arrived is drained, so that the next request gets the connection;
        // else the connection is closed rather than waiting for a body of unknown length.
        if (!res.complete || res.destroyed) {
          res.destroy();
          resolve();
          return;
        }
        res.once('end', resolve);
        res.once('close', resolve);
        res.resume();
      }),
    toResponse: () => {
      // The hook reads the body: the signal must still stop it.
      const stop = (): void => void res.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      if (signal.aborted) stop();
      else {
        signal.addEventListener('abort', stop, { once: true });
        res.once('close', () => signal.removeEventListener('abort', stop));
      }
      return toFetchResponse(res, status, method, stream(), url);
    },
  };
}

/** `res` decoded by its Content-Encoding as fetch does (last coding first; an unknown one: as it came). */
function decode(res: IncomingMessage, contentEncoding: string | null): Readable {
  if (contentEncoding === null) return res;
  const codings = contentEncoding.toLowerCase().split(',').map((c) => c.trim()).filter((c) => c !== '' && c !== 'identity').reverse();
  const decoders = [];
  for (const coding of codings) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(createGunzip({ flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH }));
    else if (coding === 'deflate') decoders.push(inflate());
    else if (coding === 'br') decoders.push(createBrotliDecompress({ flush: zlib.BROTLI_OPERATION_FLUSH, finishFlush: zlib.BROTLI_OPERATION_FLUSH }));
    else return res;
  }
  if (decoders.length === 0) return res;
  const last = decoders[decoders.length - 1]!;
  pipeline([res, ...decoders], () => undefined); // errors reach `last`, which the reader listens to
  return last;
}

/** `deflate` as servers send it: zlib-wrapped, or (wrongly but commonly) raw; told apart by the first byte, as fetch does. */
function inflate(): Transform {
  const options = { flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH };
  let inner: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inner === undefined) {
        if (chunk.byteLength === 0) return callback();
        inner = (chunk[0]! & 0x0f) === 0x08 ? createInflate(options) : createInflateRaw(options);
        inner.on('data', (data: Buffer) => this.push(data));
        inner.on('error', (error) => this.destroy(error));
      }
      inner.write(chunk, callback);
    },
    flush(callback) {
      if (inner === undefined) return callback();
      inner.once('end', () => callback());
      inner.end();
    },
  });
}

/**
 * Reads `stream` (the body, decoded or not) like readBody in response-body.gen.ts: keeps `keep`
 * bytes, counts on to `limit`, then stops and closes the connection.
 */
function readStream(res: IncomingMessage, stream: Readable, encoded: boolean, keep: number, limit: number, signal: AbortSignal): Promise<Body> {
  const declared = Number(res.headers['content-length'] ?? NaN);
  // Content-Length counts the encoded bytes, so only a plain one is the size.
  if (keep === 0 && !encoded && Number.isSafeInteger(declared) && declared > 0) {
    res.destroy();
    return Promise.resolve({ bytes: new Uint8Array(0), total: declared, exact: true, complete: false });
  }
  // Usually the whole answer came with its headers: take it from the buffer at once rather than
  // chunk by chunk, then wait for its end (which hands the connection back to the agent).
  if (stream === res && res.complete && !res.destroyed && res.readableLength <= limit && !signal.aborted) {
    const whole = new BodyAccumulator(keep, limit);
    for (let chunk: Buffer | null = res.read(); chunk !== null; chunk = res.read()) whole.add(chunk);
    const body = whole.ended();
    return res.readableEnded ? Promise.resolve(body) : new Promise((resolve) => {
      res.once('end', () => resolve(body));
      res.once('close', () => resolve(body));
    });
  }
  return new Promise((resolve, reject) => {
    const body = new BodyAccumulator(keep, limit);
    const settle = (): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
    };
    const onData = (chunk: Buffer): void => {
      if (body.add(chunk)) {
        settle();
        res.destroy();
        if (stream !== res) stream.destroy();
        resolve(body.cut());
      }
    };
    const onEnd = (): void => {
      settle();
      resolve(body.ended());
    };
    const onError = (error: Error): void => {
      settle();
      reject(signal.aborted ? signal.reason : error);
    };
    // Closed before its end without an error (the upstream went away mid-body).
    const onClose = (): void => onError(Object.assign(new Error('connection closed before the body ended'), { code: 'ECONNRESET' }));
    const onAbort = (): void => {
      settle();
      res.destroy();
      if (stream !== res) stream.destroy();
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    // Failed or closed before this reader came (nothing will be emitted any more).
    if (stream.errored !== null) return onError(stream.errored);
    if (stream.destroyed) return onClose();
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The answer as a fetch Response, as `fetch` would have given it: body unread, decoded, `url` set. */
function toFetchResponse(res: IncomingMessage, status: number, method: string, stream: Readable, url: URL): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
    } catch {
      // a header fetch would not have accepted either
    }
  }
  const empty = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
  if (empty) res.resume();
  const init = { status, statusText: res.statusMessage ?? '', headers };
  let response: Response;
  const body = empty ? null : (Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>);
  try {
    response = new Response(body, init);
  } catch {
    response = new Response(body, { status, headers }); // a reason phrase fetch would not have kept
  }
  Object.defineProperty(response, 'url', { value: url.href, enumerable: true });
  return response;
}
