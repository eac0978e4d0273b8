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
 * - The Node side (reading the body once, writing the answer) is http-node-adapter.gen.ts.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type AuthInfo, type McpServerFactory } from '@modelcontextprotocol/server';
import { EndpointAuthError, exposureCheck, type EndpointAuth } from './endpoint-auth.gen.js';
import { createHostGuard } from './host-guard.gen.js';
import { batchRefusal, BODY_TIMEOUT_MS, RequestLimits, TransportRefusal } from './http-limits.gen.js';
import { BodyTooLargeError, toWebRequest, writeResponse } from './http-node-adapter.gen.js';
import { http } from './node-http.gen.js';
import { describeError, type Logger } from './server.gen.js';

export const MCP_PATH = '/mcp';
export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 3000;
/** Largest accepted request body: room for base64-encoded file arguments, not for abuse. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Hosts that bind every interface of the machine. */
export const WILDCARD_HOSTS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]', '']);

export interface HttpOptions {
  /** Interface to bind; default {@link DEFAULT_HTTP_HOST}. */
  readonly host?: string;
  /** Port to bind (0 = any free port); default {@link DEFAULT_HTTP_PORT}. */
  readonly port?: number;
  readonly maxBodyBytes?: number;
  /** How long a request body may take to arrive; default `BODY_TIMEOUT_MS` (http-limits.gen.ts). */
  readonly bodyTimeoutMs?: number;
  /**
   * Hosts accepted in `Host` and `Origin` besides localhost and the bound host, e.g. the public
   * name of a server bound to 0.0.0.0: `name` with any port, `name:port` with that port only.
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

/**
 * Why `serveHttp` could not listen, ending the line `cannot listen on HOST:PORT: …`, with what to
 * change: a port in use is the usual first-run failure (3000 is many dev servers' default too).
 */
export function listenFailure(error: unknown, port: number): string {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (code === 'EADDRINUSE') return `port ${port} is in use (another server, or this one already running); choose another with --port`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}${port < 1024 ? ' (ports below 1024 need privileges)' : ''}; choose another with --port`;
  if (code === 'EADDRNOTAVAIL') return 'not an address of this machine; give --host one of its addresses, or 0.0.0.0 for all of them';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the --host name does not resolve; give --host an address of this machine';
  return describeError(error);
}

/** Starts the HTTP server; resolves once it listens (rejects e.g. when the port is taken). */
export async function serveHttp(factory: McpServerFactory, options: HttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const exposure = exposureCheck(host, options.auth, options.noAuth === true, 'a bearer token');
  if (exposure.error !== undefined) throw new EndpointAuthError(exposure.error);
  const mcp = createMcpHttpListener(factory, options);
  const server = http.createServer(mcp.listener);
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
