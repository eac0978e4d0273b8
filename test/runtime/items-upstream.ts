import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Received {
  method: string;
  url: string;
}

/** A real upstream: answers GET /api/items/{id} with {"id": id} (after 2 s for id "slow"). */
export function startUpstream(received: Received[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '' });
    const id = decodeURIComponent(/^\/api\/items\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
    const answer = (): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
    if (id === 'slow') setTimeout(answer, 2_000);
    else answer();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` }));
  });
}

/** The upstream for one describe block: started before its tests, closed after them; `received` is what it was sent. */
export function useUpstream(): { readonly received: Received[]; readonly server: Server; readonly url: string } {
  const received: Received[] = [];
  let upstream: { server: Server; url: string } | undefined;
  beforeAll(async () => {
    upstream = await startUpstream(received);
  });
  afterAll(() => {
    upstream?.server.closeAllConnections();
    upstream?.server.close();
  });
  return {
    received,
    get server() {
      return upstream!.server;
    },
    get url() {
      return upstream!.url;
    },
  };
}
