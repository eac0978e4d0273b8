// The local upstream for the per-call benchmark, run as a child process of bench/server.mjs:
//   node bench/lib/server-upstream.mjs <max-lifetime-seconds>
// Listens on 127.0.0.1 (any free port) and prints {"port":N} on stdout once it listens. Every
// request is answered 200 with the current JSON body, except the control paths:
//   PUT /__bench__/body   sets the body (the request body, JSON text)
//   GET /__bench__/last   `{ method, url, count }` of the last answered request
// It exits when its stdin closes (the bench process is gone) or after the lifetime.
import { createServer } from 'node:http';

const lifetimeMs = Number(process.argv[2] ?? '1800') * 1000;
let body = Buffer.from('{}');
const last = { method: '', url: '', count: 0 };

const server = createServer((req, res) => {
  if (req.url === '/__bench__/body' && req.method === 'PUT') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      res.writeHead(204).end();
    });
    return;
  }
  if (req.url === '/__bench__/last') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(last));
    return;
  }
  last.method = req.method ?? '';
  last.url = req.url ?? '';
  last.count += 1;
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(0), lifetimeMs).unref();
