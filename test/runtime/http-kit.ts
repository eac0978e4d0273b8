import { request as httpRequest } from 'node:http';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { afterAll, beforeAll } from 'vitest';
import { serveHttp, type HttpOptions, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, envelope, fixtureConfig, fixtureTools, type EchoCall } from './server-fixtures.js';

export interface RawResponse {
  status: number;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request with node:http, which (unlike fetch) lets the test set Host freely. */
export function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export const MODERN_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
};

export function listBody(): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } });
}

export function callBody(name: string, args: Record<string, unknown>, id = 5): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: envelope() } });
}

export const listHeaders = { ...MODERN_HEADERS, 'mcp-method': 'tools/list' };

/** The fixture tools with the echo caller, which records each call in `calls`. */
export function echoFactory(calls?: EchoCall[]): McpServerFactory {
  return createServerFactory(fixtureConfig, buildToolTable(fixtureTools), echoCaller(calls));
}

/** serveHttp on a free port for one describe block (started before its tests, closed after them); `calls` is what its tool caller got. */
export function useHttpServer(options: Omit<HttpOptions, 'port'> = {}): { readonly url: string; readonly port: number; readonly calls: EchoCall[] } {
  const calls: EchoCall[] = [];
  let server: RunningHttpServer | undefined;
  beforeAll(async () => {
    server = await serveHttp(echoFactory(calls), { port: 0, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    calls,
    get url() {
      return server!.url;
    },
    get port() {
      return server!.port;
    },
  };
}
