import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request exactly as the upstream received it. */
export interface RecordedRequest {
  method: string;
  /** Raw path and query, as sent on the request line. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The Cookie header split into pairs, values as sent (not decoded). */
  cookies: Array<[string, string]>;
  body: Buffer;
}

/** May return anything (a promise is awaited): `(req, res) => res.writeHead(200).end()` is fine. */
export type UpstreamHandler = (req: RecordedRequest, res: ServerResponse) => unknown;

export interface RecordingUpstream {
  /** e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Answers every request; default: 200 `{"ok":true}`. */
  handler: UpstreamHandler;
  close(): Promise<void>;
}

function cookiesOf(header: string | undefined): Array<[string, string]> {
  if (header === undefined || header === '') return [];
  return header.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq), pair.slice(eq + 1)] as [string, string];
  });
}

/** A real HTTP server on 127.0.0.1 (any free port) that records every request it gets. */
export async function startUpstream(handler?: UpstreamHandler): Promise<RecordingUpstream> {
  const requests: RecordedRequest[] = [];
  const state: { handler: UpstreamHandler } = {
    handler: handler ?? ((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        cookies: cookiesOf(req.headers.cookie),
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      Promise.resolve(state.handler(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get handler() {
      return state.handler;
    },
    set handler(next: UpstreamHandler) {
      state.handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
