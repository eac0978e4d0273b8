/**
 * Streamable HTTP transport: stateless MCP at `/mcp` on a plain `node:http` server.
 *
 * - 2026-07-28 and 2025-era clients share the endpoint (`createMcpHandler(…, { legacy: 'stateless' })`);
 *   the SDK handles `server/discover`, `_meta`, version errors and `Mcp-Param-*` validation.
 * - DNS-rebinding protection (host-guard.gen.ts): a request whose Host or Origin names another
 *   host is answered 403 before anything else. Bound to 127.0.0.1 unless told otherwise.
 * - Authentication when configured (endpoint-auth.gen.ts): checked on the headers, before the
 *   body is read; OAuth's Protected Resource Metadata is served at its well-known path.
 * - Request bodies over the limit are answered 413 (checked here while reading, and by the
 *   handler: spike pitfall P10). Any other path is 404.
 *
 * The Node side is adapted here rather than with `toNodeHandler` from `@modelcontextprotocol/node`,
 * for speed (bench/server.mjs, `--phase call`): the body is read and parsed once and handed to
 * `handler.fetch` as its documented `parsedBody`, so the web `Request` carries no body (nothing to
 * stream, clone and decode again), and a JSON answer is written whole with a Content-Length
 * instead of being streamed chunk by chunk. A body that is empty or not JSON goes to the SDK as it
 * came, which answers it exactly as before. SSE answers are streamed as the SDK adapter does.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type AuthInfo, type McpServerFactory } from '@modelcontextprotocol/server';
import { EndpointAuthError, exposureCheck, type EndpointAuth } from './endpoint-auth.gen.js';
import { createHostGuard } from './host-guard.gen.js';
import { batchRefusal, bodyTimeout, BODY_TIMEOUT_MS, RequestLimits, TransportRefusal } from './http-limits.gen.js';
import { describeError, PARSED_BODY, type Logger } from './server.gen.js';

export const MCP_PATH = '/mcp';
export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 3000;
/** Largest accepted request body: room for base64-encoded file arguments, not for abuse. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

export interface HttpOptions {
  /** Interface to bind; default {@link DEFAULT_HTTP_HOST}. */
  readonly host?: string;
  /** Port to bind (0 = any free port); default {@link DEFAULT_HTTP_PORT}. */
  readonly port?: number;
  readonly maxBodyBytes?: number;
  /** How long a request body may take to arrive; default `BODY_TIMEOUT_MS` (http-limits.gen.ts). */
  readonly bodyTimeoutMs?: number;
  /**
   * Host names (without port) accepted in `Host` and `Origin` besides localhost and the bound
   * host, e.g. the public name of a server bound to 0.0.0.0.
   */
  readonly allowedHosts?: readonly string[];
  /** Where server errors are reported; default: stderr. */
  readonly log?: Logger;
  /** Who may call; default: everyone who passes the Host/Origin checks. */
  readonly auth?: EndpointAuth;
  /** Serve a non-loopback host without `auth` (else {@link serveHttp} refuses). */
  readonly noAuth?: boolean;
}

export interface McpHttpListener {
  /** The `node:http` request listener serving `/mcp`. */
  readonly listener: RequestListener;
  /** Aborts in-flight MCP exchanges. */
  close(): Promise<void>;
}

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:3000/mcp */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export function createMcpHttpListener(factory: McpServerFactory, options: HttpOptions = {}): McpHttpListener {
  const maxRequestBodySize = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? logToStderr;
  const handler = createMcpHandler(factory, {
    legacy: 'stateless',
    maxRequestBodySize,
    // Called for every rejected request too (header mismatches, bad versions): those are answered
    // to the client and would flood the log, and their messages quote argument values. Keep quiet.
    onerror: () => {},
  });
  const checkHost = createHostGuard({ host: options.host ?? DEFAULT_HTTP_HOST, ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}) });
  const auth = options.auth;
  const limits = new RequestLimits(options.bodyTimeoutMs ?? BODY_TIMEOUT_MS);

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Aborted when the client goes away before the answer was written (not after).
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abort.abort();
    });
    if (res.destroyed) abort.abort();
    let response: Response;
    let entered = false;
    try {
      limits.enter();
      entered = true;
      const verdict = auth === undefined ? undefined : await auth.check(req.headers.authorization);
      if (verdict !== undefined && !verdict.ok) response = verdict.response;
      else {
        const inbound = await toWebRequest(req, abort.signal, maxRequestBodySize, limits);
        const tooMany = batchRefusal(inbound.parsedBody);
        if (tooMany !== undefined) throw tooMany;
        response = await handler.fetch(inbound.request, handleOptions(inbound.parsedBody, verdict?.authInfo));
      }
    } catch (error) {
      if (error instanceof TransportRefusal) {
        response = error.toResponse();
      } else if (error instanceof BodyTooLargeError) {
        response = Response.json(
          { jsonrpc: '2.0', error: { code: -32000, message: error.message }, id: null },
          { status: 413, headers: { connection: 'close' } },
        );
      } else {
        log(`MCP HTTP handler failed: ${describeError(error)}`);
        response = Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }, { status: 500 });
      }
    }
    try {
      await writeResponse(response, res, abort.signal);
    } catch (error) {
      log(`MCP HTTP response failed: ${describeError(error)}`);
      res.destroy();
    } finally {
      if (entered) limits.leave();
    }
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // The guards answer 403 themselves and return false; they run before routing so that a
    // rebinding page learns nothing, not even which paths exist.
    if (!checkHost(req, res)) return;
    const path = pathOf(req.url);
    if (auth?.oauth !== undefined && path.startsWith('/.well-known/')) {
      const metadata = auth.oauth.metadataResponse(new Request(`http://localhost${path}`, { method: req.method ?? 'GET' }));
      if (metadata !== undefined) {
        void writeResponse(metadata, res, new AbortController().signal).catch(() => res.destroy());
        return;
      }
    }
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
      return;
    }
    void serve(req, res);
  };
  return { listener, close: () => handler.close() };
}

function handleOptions(parsedBody: unknown, authInfo: AuthInfo | undefined): { parsedBody?: unknown; authInfo?: AuthInfo } | undefined {
  if (parsedBody === undefined && authInfo === undefined) return undefined;
  return { ...(parsedBody !== undefined ? { parsedBody } : {}), ...(authInfo !== undefined ? { authInfo } : {}) };
}

class BodyTooLargeError extends Error {
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
async function toWebRequest(req: IncomingMessage, signal: AbortSignal, maxBytes: number, limits: RequestLimits): Promise<InboundRequest> {
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
async function writeResponse(response: Response, res: ServerResponse, closed: AbortSignal): Promise<void> {
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

/**
 * How long an idle client connection stays open. Node's default (5 s) is shorter than the pauses
 * real hosts make between requests: the official client compiles an output validator for every
 * listed tool before its first call (seconds on a big API), and a connection the server closed
 * meanwhile is one the busy client still sends on ("fetch failed: other side closed"). Two
 * minutes is well above any such pause and above the idle timeouts of common proxies (60 s).
 */
export const KEEP_ALIVE_MS = 120_000;
/**
 * Time to receive a request's headers; kept above the keep-alive time so an idle kept-alive
 * connection is never cut by the headers timer first (Node's own advice), below its 300 s
 * request timeout.
 */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 5_000;

/** Starts the HTTP server; resolves once it listens (rejects e.g. when the port is taken). */
export async function serveHttp(factory: McpServerFactory, options: HttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const exposure = exposureCheck(host, options.auth, options.noAuth === true, 'a bearer token');
  if (exposure.error !== undefined) throw new EndpointAuthError(exposure.error);
  const mcp = createMcpHttpListener(factory, options);
  const server = createServer(mcp.listener);
  // Properties rather than createServer options: Node 20 reads them the same way.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_HTTP_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shown = WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    port,
    async close() {
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pathOf(url: string | undefined): string {
  const end = url === undefined ? -1 : url.search(/[?#]/);
  return url === undefined ? '/' : end === -1 ? url : url.slice(0, end);
}

function logToStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}
