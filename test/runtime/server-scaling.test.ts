// The per-request cost must not grow with the number of tools: the SDK builds a fresh McpServer
// per HTTP request, so anything proportional to the tool count would be paid on every call.
import { createMcpHandler, McpServer, type McpHttpHandler } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerFactory } from '../../templates/runtime/server.gen.js';
import { buildToolTable } from '../../templates/runtime/tool-table.gen.js';
import { echoCaller, fixtureConfig, manyTools, modernRequest } from './server-fixtures.js';

const URL_ = 'http://127.0.0.1/mcp';

function handlerWith(count: number): McpHttpHandler {
  const factory = createServerFactory(fixtureConfig, buildToolTable(manyTools(count)), echoCaller());
  return createMcpHandler(factory, { legacy: 'stateless' });
}

/** One tools/call of the last tool, through the whole handler (classification, factory, dispatch). */
async function callLast(handler: McpHttpHandler, count: number): Promise<void> {
  const name = `tool_${String(count - 1).padStart(4, '0')}`;
  const response = await handler.fetch(modernRequest(URL_, 'tools/call', { name, arguments: { owner: 'o' } }, { 'mcp-param-owner': 'o' }));
  const body = (await response.json()) as { result?: { structuredContent?: { tool?: string } } };
  if (body.result?.structuredContent?.tool !== name) throw new Error(`unexpected answer ${JSON.stringify(body)}`);
}

async function timeMs(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('per-request cost with 10 vs 2,000 tools', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const sizes = [10, 2_000];
  for (const count of sizes) {
    it(`registers one tool per tools/call and none per tools/list (${count} tools)`, async () => {
      const handler = handlerWith(count);
      const register = vi.spyOn(McpServer.prototype, 'registerTool');
      for (let i = 0; i < 3; i++) await callLast(handler, count);
      await handler.fetch(modernRequest(URL_, 'tools/list', {}));
      expect(register).toHaveBeenCalledTimes(3);
    });
  }

  it('takes about the same time per tools/call request', async () => {
    const small = handlerWith(10);
    const large = handlerWith(2_000);
    // Warm up: JIT, and the first call compiles the called tool's validator once.
    for (let i = 0; i < 20; i++) {
      await callLast(small, 10);
      await callLast(large, 2_000);
    }
    // Interleaved, so that both see the same machine load.
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      smallTimes.push(await timeMs(() => callLast(small, 10)));
      largeTimes.push(await timeMs(() => callLast(large, 2_000)));
    }
    const smallMs = median(smallTimes);
    const largeMs = median(largeTimes);
    // Rebuilding per request would make this ratio ~10x or more (registering 2,000 tools alone costs
    // ~10 ms); the bound is generous so that a loaded machine does not make the test flaky.
    expect(largeMs / smallMs).toBeLessThan(3);
  });
});
