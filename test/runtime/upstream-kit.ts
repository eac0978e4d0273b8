import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { fetchExchange, type Exchange, type UpstreamRequest } from '../../templates/runtime/upstream.gen.js';

export interface Received {
  method: string;
  target: string;
  /** Header name (lower case) → raw value bytes read as latin1, as Node gives them. */
  headers: Record<string, string>;
  body: Buffer;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface ExchangeUpstream {
  /** e.g. http://127.0.0.1:40123 */
  readonly base: string;
  /** What the upstream got, emptied after each test. */
  readonly received: Received[];
  /** Connections opened to it so far. */
  readonly connections: number;
  /** Answers every request; reset after each test to an empty 204. */
  handler: Handler;
  /** A GET of `${base}/v1/things?x=1` with no headers, overridden as given. */
  request(overrides?: Partial<UpstreamRequest>): UpstreamRequest;
  /** The request through the exchange, its answer read; what the upstream received. */
  sendWith(exchange: Exchange, req: UpstreamRequest): Promise<Received>;
}

export const viaFetch = fetchExchange(fetch);

/** A body that stalls: 200 text/plain, 'partial' at once, the rest 300 ms later. */
export const stalling: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.write('partial');
  setTimeout(() => res.end(' rest'), 300);
};

/** A real upstream for one test file or describe block: started before its tests, closed after them. */
export function useExchangeUpstream(): ExchangeUpstream {
  let server: Server;
  let base = '';
  let connections = 0;
  const received: Received[] = [];
  const empty: Handler = (_req, res) => res.writeHead(204).end();
  const upstream: ExchangeUpstream = {
    get base() {
      return base;
    },
    received,
    get connections() {
      return connections;
    },
    handler: empty,
    request: (overrides = {}) => ({ method: 'GET', url: new URL(`${base}/v1/things?x=1`), headers: new Headers(), signal: new AbortController().signal, ...overrides }),
    async sendWith(exchange, req) {
      const before = received.length;
      const response = await exchange(req);
      await response.readBody(1_000_000, 1_000_000);
      expect(received).toHaveLength(before + 1);
      return received[before]!;
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]!.toLowerCase()] = req.rawHeaders[i + 1]!;
        const body = Buffer.concat(chunks);
        received.push({ method: req.method ?? '', target: req.url ?? '', headers, body });
        upstream.handler(req, res, body);
      });
    });
    server.on('connection', () => {
      connections++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  afterEach(() => {
    received.length = 0;
    upstream.handler = empty;
  });
  return upstream;
}
