// The scoped notes API (test/fixtures/e2e/scoped.3.0.yaml: a read, a write, a destructive and an
// admin tool) and an upstream that answers its four operations and records what it got.
import { startUpstream, type RecordingUpstream } from './recording-upstream.js';

export const SCOPED_SPEC = new URL('../fixtures/e2e/scoped.3.0.yaml', import.meta.url).pathname;

export function startNotesUpstream(): Promise<RecordingUpstream> {
  return startUpstream((req, res) => {
    if (req.method === 'POST') res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"n1"}');
    else if (req.method === 'DELETE') res.writeHead(204).end();
    else if (req.url.startsWith('/api/admin')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"notes":1}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('["a"]');
  });
}
