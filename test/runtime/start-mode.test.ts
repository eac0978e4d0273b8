import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { main } from '../../templates/runtime/cli.gen.js';
import { buildCatalog } from '../../templates/runtime/search-core.gen.js';
import type { ApiConfig } from '../../templates/runtime/types.gen.js';
import { fixtureConfig, manyTools } from './server-fixtures.js';

/**
 * The mode a server starts in when no --tools-mode is given: a package generated with
 * `toolsMode: auto` whose whole list is over its budget starts dynamic, but serves a start-time
 * selection that fits the budget statically (tool-selection.gen.ts modeForSelection).
 */
const tools = manyTools(6);
const stored = buildCatalog(tools, (i) => (i < 3 ? 'small' : 'big'));
// 100 tokens a tool: the whole list is 604, toolset "small" 304 (with the {"tools":[]} wrapper's 4).
const catalog = { ...stored, tools: stored.tools.map((tool) => ({ ...tool, tokens: 100 })) };
const config: ApiConfig = { ...fixtureConfig, toolsMode: 'dynamic', toolsBudget: 400, env: { ...fixtureConfig.env, toolsets: 'X_TOOLSETS' } };

async function listed(argv: string[], env: Record<string, string> = {}, apiConfig = config, served = { tools, catalog }): Promise<{ names: string[]; log: string[] }> {
  const log: string[] = [];
  const running = await main({ config: apiConfig, ...served, argv: ['--http', '--port=0', ...argv], env, log: (line) => void log.push(line), handleSignals: false });
  const client = new Client({ name: 't', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(running!.url!)));
    return { names: (await client.listTools()).tools.map((tool) => tool.name), log };
  } finally {
    await client.close();
    await running?.close();
  }
}

const META = ['search_tools', 'describe_tools', 'call_tool'];

describe('the start mode of a package generated with toolsMode auto', () => {
  it('whole list over the budget: dynamic, and the start line says why', async () => {
    const all = await listed([]);
    expect(all.names).toEqual(META);
    expect(all.log.at(-1)).toContain('6 tools behind search_tools, describe_tools and call_tool (dynamic mode: 604 tokens in a static tools/list, over the budget of 400), no authentication');
  });

  it('a selection that fits the budget: static, by flag or variable; the start line says so', async () => {
    const bySet = await listed(['--toolsets', 'small']);
    expect(bySet.names).toEqual(['tool_0000', 'tool_0001', 'tool_0002']);
    expect(bySet.log.at(-1)).toContain('3 tools, no authentication');
    expect((await listed([], { X_TOOLSETS: 'small' })).names).toEqual(['tool_0000', 'tool_0001', 'tool_0002']);
    expect((await listed(['--tools', 'tool_0004'])).names).toEqual(['tool_0004']);
  });

  it('--read-only that fits the budget: static (what generate names when the read-only tools fit)', async () => {
    // tool_0000 and tool_0001 read-only: 204 tokens with the wrapper; all six: 604.
    const readTools = tools.map((tool, i) => (i < 2 ? { ...tool, definition: { ...tool.definition, annotations: { readOnlyHint: true } } } : tool));
    const read = buildCatalog(readTools, (i) => (i < 3 ? 'small' : 'big'));
    const readCatalog = { ...read, tools: read.tools.map((tool) => ({ ...tool, tokens: 100 })) };
    expect((await listed(['--read-only'], {}, config, { tools: readTools, catalog: readCatalog })).names).toEqual(['tool_0000', 'tool_0001']);
  });

  it('a selection over the budget stays dynamic; --tools-mode wins; so does a package generated with a fixed mode', async () => {
    const over = await listed(['--toolsets', 'big', '--tools', 'tool_0000']);
    expect(over.names).toEqual(META);
    expect(over.log.at(-1)).toContain('4 tools behind search_tools, describe_tools and call_tool (dynamic mode: 404 tokens in a static tools/list, over the budget of 400)');
    const forced = await listed(['--toolsets', 'small', '--tools-mode', 'dynamic']);
    expect(forced.names).toEqual(META);
    expect(forced.log.at(-1)).toContain('3 tools behind search_tools, describe_tools and call_tool (dynamic mode), no authentication');
    const fixed: ApiConfig = { ...config, toolsBudget: undefined };
    expect((await listed(['--toolsets', 'small'], {}, fixed)).names).toEqual(META);
  });
});
