import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
