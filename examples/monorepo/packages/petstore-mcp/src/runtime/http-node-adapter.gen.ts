/**
 * The Node side of the HTTP transport (http.gen.ts): a `node:http` request as the web `Request`
 * the SDK's handler takes, and its `Response` written back. Adapted here rather than with
 * `toNodeHandler` from `@modelcontextprotocol/node`, for speed (bench/server.mjs, `--phase call`): the body is read and parsed once and handed to
 * `handler.fetch` as its documented `parsedBody`, so the web `Request` carries no body (nothing to
 * stream, clone and decode again), and a JSON answer is written whole with a Content-Length
 * instead of being streamed chunk by chunk. A body that is empty or not JSON goes to the SDK as it
 * came, which answers it exactly as before. SSE answers are streamed as the SDK adapter does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTimeout, type RequestLimits } from './http-limits.gen.js';
import { PARSED_BODY } from './server.gen.js';

/** A request body over the limit: answered 413. */
export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`Payload Too Large: Request body must not exceed ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

interface InboundRequest {
  readonly request: Request;
  /** The body parsed as JSON; `undefined` when it is empty or not JSON (the request then carries it). */
  readonly parsedBody?: unknown;
}

/**
 * The web `Request` for the SDK's handler. A POST body is read here (up to `maxBytes`, else
 * {@link BodyTooLargeError}) and parsed; when it parses, the request carries no body and the
 * value goes to the handler as `parsedBody`, else the request carries the text as it came.
 */
export async function toWebRequest(req: IncomingMessage, signal: AbortSignal, maxBytes: number, limits: RequestLimits): Promise<InboundRequest> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const headers = requestHeaders(req);
  if (method === 'GET' || method === 'HEAD') return { request: new Request(url, { method, headers, signal }) };
  if (Number(req.headers['content-length']) > maxBytes) throw new BodyTooLargeError(maxBytes);
  const bytes = await readBody(req, maxBytes, limits);
  let parsedBody: unknown;
  try {
    parsedBody = bytes.byteLength === 0 ? undefined : JSON.parse(bytes.toString('utf8'));
  } catch {
    // not JSON: the SDK reads and answers it
  }
  if (parsedBody === undefined) return { request: new Request(url, { method, headers, signal, ...(bytes.byteLength > 0 ? { body: bytes } : {}) }) };
  const request = new Request(url, { method, headers, signal });
  Object.defineProperty(request, PARSED_BODY, { value: parsedBody });
  return { request, parsedBody };
}

/** Node's header record as it is when every value is a single string (the usual case), else as Headers. */
function requestHeaders(req: IncomingMessage): Record<string, string> | Headers {
  for (const name in req.headers) {
    if (typeof req.headers[name] !== 'string' || name.startsWith(':')) return webHeaders(req);
  }
  return req.headers as Record<string, string>;
}

/** Every header, repeated ones appended one by one (Node gives those as arrays). */
function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The request body, up to `maxBytes` (else {@link BodyTooLargeError}; the rest is left unread),
 * within `BODY_TIMEOUT_MS` and the listener's byte budget (else a {@link TransportRefusal}).
 */
function readBody(req: IncomingMessage, maxBytes: number, limits: RequestLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const timer = setTimeout(() => fail(bodyTimeout(limits.bodyTimeoutMs)), limits.bodyTimeoutMs);
    timer.unref();
    const fail = (error: Error): void => {
      done();
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.byteLength;
      if (received > maxBytes) {
        fail(new BodyTooLargeError(maxBytes));
        return;
      }
      try {
        limits.hold(bytes.byteLength);
      } catch (error) {
        received -= bytes.byteLength;
        fail(error as Error);
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      const total = received;
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const done = (): void => {
      clearTimeout(timer);
      limits.release(received);
      received = 0;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = (): void => onError(new Error('the request was aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Writes the handler's answer: a JSON (or other finite) body whole, with its length; an SSE stream
 * chunk by chunk as it comes, honouring backpressure, until it ends or the client goes away.
 */
export async function writeResponse(response: Response, res: ServerResponse, closed: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  if (response.body === null) {
    res.writeHead(response.status, headers).end();
    return;
  }
  if (!(headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')) {
    // Read as it comes (one chunk for the SDK's JSON answers) rather than copied by arrayBuffer().
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      size += read.value.byteLength;
    }
    headers['content-length'] = String(size);
    res.writeHead(response.status, headers).end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    return;
  }
  res.writeHead(response.status, headers);
  let drained: (() => void) | undefined;
  const release = (): void => {
    drained?.();
    drained = undefined;
  };
  res.on('drain', release);
  const gone = new Promise<void>((resolve) => {
    if (closed.aborted) resolve();
    else closed.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    for await (const chunk of response.body) {
      if (closed.aborted) break;
      if (!res.write(chunk)) await Promise.race([new Promise<void>((resolve) => (drained = resolve)), gone]);
    }
  } catch {
    // The stream failed (the exchange was torn down): end what was sent.
  } finally {
    res.off('drain', release);
  }
  res.end();
}
