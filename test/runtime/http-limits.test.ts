import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitConcurrency } from '../../templates/runtime/call-limit.gen.js';
import { serveHttp, type RunningHttpServer } from '../../templates/runtime/http.gen.js';
import { MAX_BATCH_MESSAGES, MAX_IN_FLIGHT_REQUESTS } from '../../templates/runtime/http-limits.gen.js';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import type { ToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { fixtureConfig, upstreamTools } from './server-fixtures.js';

let server: RunningHttpServer;
beforeAll(async () => {
  const caller: ToolCaller = async () => ({ content: [{ type: 'text', text: 'ok' }] });
  server = await serveHttp(createServerFactory(fixtureConfig, buildToolTable(upstreamTools), caller), { port: 0, bodyTimeoutMs: 1_000 });
});
afterAll(() => server.close());

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' };

/** A connection that sends its headers and half a body, then nothing. */
function slowBody(): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"jsonrpc":`);
      const answer = new Promise<string>((done) => {
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('close', () => done(text));
        socket.on('error', () => done(text));
      });
      resolve({ socket, answer });
    });
  });
}

describe('memory bounds of the HTTP transport (issue 12, finding 9)', () => {
  it(`refuses a 2025-03-26 batch of more than ${MAX_BATCH_MESSAGES} messages`, async () => {
    const batch = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }));
    const response = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(batch) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(`Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages, this one holds ${MAX_BATCH_MESSAGES + 1}`);
  });

  it('answers a body that does not arrive in time with 408, and more requests than the cap with 503', async () => {
    const slow = await Promise.all(Array.from({ length: MAX_IN_FLIGHT_REQUESTS }, () => slowBody()));
    await new Promise((r) => setTimeout(r, 100));
    const refused = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    await refused.text();
    const answers = await Promise.all(slow.map((s) => s.answer));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const after = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(after.status).toBe(200);
    await after.text();
  });
});

describe('limitConcurrency', () => {
  it('runs at most max calls at once, in order', async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const slow: ToolCaller = async (_entry, args) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(args.i as number);
      running--;
      return { content: [] };
    };
    const limited = limitConcurrency(slow, 3);
    await Promise.all(Array.from({ length: 12 }, (_, i) => limited(upstreamTools[0]!, { i })));
    expect(peak).toBe(3);
    expect(order).toHaveLength(12);
  });
});
