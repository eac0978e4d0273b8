/**
 * One HTTP exchange with the upstream API: a request out, its response in, the body read within
 * limits. Two implementations behind one interface:
 *
 * - {@link nodeExchange} (the default) on `node:http` / `node:https` with their global keep-alive
 *   agents (which, like fetch, honour NODE_USE_ENV_PROXY). It costs much less than `fetch`, whose
 *   Request, Response and web streams showed as a large part of what a tool call adds over a
 *   direct request (bench/server.mjs `--phase call`; measured 0.3–0.4 ms less latency and
 *   0.4–0.7 ms less server CPU per call, with the single timeout signal of call-tool.gen.ts).
 *   It sends what `fetch` sends (the same default headers, Content-Type for text and form
 *   bodies, Content-Length, the multipart encoding of a `FormData`) and decodes gzip, deflate and
 *   br bodies as `fetch` does. Like `fetch` with `redirect: 'manual'` it never follows a redirect
 *   (call-tool.gen.ts does). A request on a reused keep-alive connection that the server had
 *   closed meanwhile is sent once more on a new one when its method is idempotent.
 * - {@link fetchExchange} on a given `fetch` (ToolCallerDeps.fetch).
 *
 * Either way the body is read only as far as the result can use it (response-body.gen.ts; a
 * node:http answer is decoded and read by upstream-response.gen.ts) and the `signal` (the call's
 * cancellation and timeout) stops the request, the wait and the body.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { http, https } from './node-http.gen.js';
import { readBody, type Body } from './response-body.gen.js';
import { upstreamResponse } from './upstream-response.gen.js';

export interface UpstreamRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body?: string | Uint8Array | FormData | URLSearchParams | null;
  readonly signal: AbortSignal;
}

/** The upstream's answer, body not yet read. */
export interface UpstreamResponse {
  readonly status: number;
  readonly statusText: string;
  /** A response header (repeated ones joined by `, `), or null. */
  header(name: string): string | null;
  /**
   * Reads the body: keeps the first `keep` bytes and counts on up to `limit`, then stops reading
   * (see response-body.gen.ts). Call it once.
   */
  readBody(keep: number, limit: number): Promise<Body>;
  /** Drops the body unread (a redirect or retry). */
  discard(): Promise<void>;
  /** The answer as a fetch `Response` with its body unread, for the afterResponse hook. Then the body is its. */
  toResponse(): Response;
}

export type Exchange = (request: UpstreamRequest) => Promise<UpstreamResponse>;

/** The headers `fetch` adds when a request has none of them (Node's fetch, undici). */
const FETCH_DEFAULT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];
/** Sent once more on a new connection when a reused one turns out closed (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/** Exchanges through `fetchImpl` (redirects never followed). */
export function fetchExchange(fetchImpl: typeof fetch): Exchange {
  return async ({ method, url, headers, body, signal }) =>
    fromFetchResponse(await fetchImpl(url.href, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual', signal }));
}

/** A fetch Response as an {@link UpstreamResponse}. */
export function fromFetchResponse(response: Response): UpstreamResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name),
    readBody: (keep, limit) => readBody(response, keep, limit),
    discard: async () => {
      await response.body?.cancel().catch(() => undefined);
    },
    toResponse: () => response,
  };
}

/** Exchanges on node:http / node:https (see the header comment). */
export const nodeExchange: Exchange = async (request) => {
  const { url, signal } = request;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`unknown scheme ${url.protocol.slice(0, -1)}`);
  // As fetch: a URL with user info is refused, never turned into an Authorization header.
  if (url.username !== '' || url.password !== '') throw new TypeError('Request cannot be constructed from a URL that includes credentials');
  signal.throwIfAborted();
  const method = request.method.toUpperCase();
  const { headers, body } = await wireRequest(method, request.headers, request.body);
  for (let attempt = 0; ; attempt++) {
    try {
      return await exchangeOnce(url, method, headers, body, signal);
    } catch (error) {
      if (!(error instanceof ReusedConnectionClosed)) throw error;
      if (attempt > 0 || !IDEMPOTENT.has(method)) throw error.cause;
    }
  }
};

/** The request failed on a kept-alive connection before any answer: the server closed it meanwhile. */
class ReusedConnectionClosed extends Error {}

/**
 * Marks an error of a request that failed before any of it was sent: no connection could be
 * opened (refused, host not found, TLS handshake failed). The upstream cannot have acted on it
 * (retry.gen.ts). The error itself stays what node:http gave, as fetch's would.
 */
const NOT_SENT: unique symbol = Symbol('openapi-mcp.notSent');

export function wasNotSent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && NOT_SENT in error;
}

/** Header names in lower case with their values, `fetch`'s defaults added; the body as bytes. */
async function wireRequest(method: string, given: Headers, body: UpstreamRequest['body']): Promise<{ headers: OutgoingHttpHeaders; body: Uint8Array | undefined }> {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of given) headers[name] = name === 'set-cookie' ? given.getSetCookie() : value;
  let bytes: Uint8Array | undefined;
  let type: string | undefined;
  if (typeof body === 'string') {
    bytes = Buffer.from(body, 'utf8');
    type = 'text/plain;charset=UTF-8';
  } else if (body instanceof URLSearchParams) {
    bytes = Buffer.from(body.toString(), 'utf8');
    type = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (body instanceof FormData) {
    // The multipart encoding fetch itself would send (boundary and all).
    const encoded = new Response(body);
    bytes = new Uint8Array(await encoded.arrayBuffer());
    type = encoded.headers.get('content-type') ?? undefined;
  } else if (body !== undefined && body !== null) {
    bytes = body;
  }
  if (type !== undefined && headers['content-type'] === undefined) headers['content-type'] = type;
  for (const [name, value] of FETCH_DEFAULT_HEADERS) if (headers[name] === undefined) headers[name] = value;
  if (bytes !== undefined) headers['content-length'] = String(bytes.byteLength);
  else if (method !== 'GET' && method !== 'HEAD' && method !== 'DELETE' && method !== 'OPTIONS' && method !== 'TRACE' && method !== 'CONNECT') headers['content-length'] = '0';
  return { headers, body: bytes };
}

function exchangeOnce(url: URL, method: string, headers: OutgoingHttpHeaders, body: Uint8Array | undefined, signal: AbortSignal): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, { method, headers });
    // The signal stops the wait for the answer here, and the body in readStream (rather than
    // handing it to node:http, which watches it until the response is consumed).
    const onAbort = (): void => {
      req.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    // Whether the connection was established, so that the request may have gone out.
    let connected = false;
    req.once('socket', (socket) => {
      if (req.reusedSocket || !socket.connecting) connected = true;
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => void (connected = true));
    });
    req.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      if (!connected && !signal.aborted) Object.defineProperty(error, NOT_SENT, { value: true });
      // Before any answer on a connection the agent had kept alive: the server may have closed it
      // just as it was reused (the request never reached it).
      const code = (error as { code?: unknown }).code;
      if (req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE') && !signal.aborted) reject(new ReusedConnectionClosed('connection closed', { cause: error }));
      else reject(signal.aborted ? signal.reason : error);
    });
    req.once('response', (res) => {
      signal.removeEventListener('abort', onAbort);
      resolve(upstreamResponse(method, res, url, signal));
    });
    req.end(body);
  });
}
