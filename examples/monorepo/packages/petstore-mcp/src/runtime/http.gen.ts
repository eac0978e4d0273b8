/**
 * Streamable HTTP transport: stateless MCP at `/mcp` on a plain `node:http` server.
 *
 * - 2026-07-28 and 2025-era clients share the endpoint (`createMcpHandler(…, { legacy: 'stateless' })`);
 *   the SDK handles `server/discover`, `_meta`, version errors and `Mcp-Param-*` validation.
 * - DNS-rebinding protection with the SDK's guards: a request whose Host or Origin names another
 *   host is answered 403 before anything else. Bound to 127.0.0.1 unless told otherwise.
 * - Request bodies over the limit are answered 413 (the Node adapter and the handler each have
 *   their own limit, both are set: spike pitfall P10). Any other path is 404.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { describeError, type Logger } from './server.gen.js';

export const MCP_PATH = '/mcp';
export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 3000;
/** Largest accepted request body: room for base64-encoded file arguments, not for abuse. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const LOCALHOST_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

export interface HttpOptions {
  /** Interface to bind; default {@link DEFAULT_HTTP_HOST}. */
  readonly host?: string;
  /** Port to bind (0 = any free port); default {@link DEFAULT_HTTP_PORT}. */
  readonly port?: number;
  readonly maxBodyBytes?: number;
  /**
   * Host names (without port) accepted in `Host` and `Origin` besides localhost and the bound
   * host, e.g. the public name of a server bound to 0.0.0.0.
   */
  readonly allowedHosts?: readonly string[];
  /** Where server errors are reported; default: stderr. */
  readonly log?: Logger;
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

/** Host names the guards accept: localhost, the bound host unless it is a wildcard, and extras. */
export function allowedHostnames(host: string, extra: readonly string[] = []): string[] {
  const names = new Set(LOCALHOST_NAMES);
  const bound = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host; // IPv6 literal
  if (!WILDCARD_HOSTS.has(host)) names.add(bound.toLowerCase());
  for (const name of extra) names.add(name.toLowerCase());
  return [...names];
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
  const mcp = toNodeHandler(handler, {
    maxRequestBodySize,
    onerror: (error) => log(`MCP HTTP handler failed: ${describeError(error)}`),
  });
  const names = allowedHostnames(options.host ?? DEFAULT_HTTP_HOST, options.allowedHosts);
  const checkHost = hostHeaderValidation(names);
  const checkOrigin = originValidation(names);

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // The guards answer 403 themselves and return false; they run before routing so that a
    // rebinding page learns nothing, not even which paths exist.
    if (!checkHost(req, res) || !checkOrigin(req, res)) return;
    if (pathOf(req.url) !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
      return;
    }
    void mcp(req, res);
  };
  return { listener, close: () => handler.close() };
}

/** Starts the HTTP server; resolves once it listens (rejects e.g. when the port is taken). */
export async function serveHttp(factory: McpServerFactory, options: HttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const mcp = createMcpHttpListener(factory, options);
  const server = createServer(mcp.listener);
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
