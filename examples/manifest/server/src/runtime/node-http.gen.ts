/**
 * node:http and node:https, loaded with `require` rather than `import`. An `import` of node:http
 * evaluates every export it has, and some of them (WebSocket, MessageEvent) load undici, Node's
 * fetch: ~25 ms of CPU at start-up that the stdio server never needs (upstream requests go out
 * through node:http's own `request`; the HTTP transport's web Request loads undici when the first
 * MCP request arrives). Types come from type-only imports, which emit nothing.
 */
import { createRequire } from 'node:module';
import type * as NodeHttp from 'node:http';
import type * as NodeHttps from 'node:https';

const require = createRequire(import.meta.url);

export const http = require('node:http') as typeof NodeHttp;
export const https = require('node:https') as typeof NodeHttps;
