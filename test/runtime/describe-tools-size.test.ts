import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { main } from '../../templates/runtime/cli.gen.js';
import { buildCatalog } from '../../templates/runtime/search-core.gen.js';
import { DEFAULT_MAX_PAGE_BYTES } from '../../templates/runtime/tool-table.gen.js';
import type { ApiConfig } from '../../templates/runtime/types.gen.js';
import { fixtureConfig, manyTools } from './server-fixtures.js';

/**
 * describe_tools answers at most what one tools/list page holds (4 MB of definitions, at least one
 * tool): asked for all of Microsoft Graph's tools at once it would build a ~30 MB message, past the
 * 10 MB a stdio client reads.
 */
const big = 'x'.repeat(1_500_000);
const huge = 'y'.repeat(4_500_000);
const tools = manyTools(4).map((tool, i) => ({ ...tool, definition: { ...tool.definition, description: `${tool.definition.description} ${i === 3 ? huge : big}` } }));
const catalog = buildCatalog(tools, () => 'all');
const config: ApiConfig = { ...fixtureConfig, toolsMode: 'dynamic' };

async function describeTools(names: string[]) {
  const running = await main({ config, tools, catalog, argv: ['--http', '--port=0'], env: {}, log: () => {}, handleSignals: false });
  const client = new Client({ name: 't', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(running!.url!)));
    return await client.callTool({ name: 'describe_tools', arguments: { names } });
  } finally {
    await client.close();
    await running?.close();
  }
}

describe('describe_tools: one answer holds at most one tools/list page of definitions', () => {
  it('over 4 MB asked for at once: an isError saying how much and to ask for fewer', async () => {
    const result = await describeTools(['tool_0000', 'tool_0001', 'tool_0002']);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^The 3 tools asked for take 4\.5 MB of definitions, more than one answer may hold \(4\.0 MB\); ask for fewer names at a time\.$/) }]);
  });

  it('what fits is described as before, and one tool always is', async () => {
    const two = await describeTools(['tool_0000', 'tool_0001']);
    expect(two.isError).toBeFalsy();
    expect((two.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['tool_0000', 'tool_0001']);
    expect(DEFAULT_MAX_PAGE_BYTES).toBe(4_000_000);
    const alone = await describeTools(['tool_0003']);
    expect(alone.isError).toBeFalsy();
    expect((alone.structuredContent as { tools: { description: string }[] }).tools[0]!.description.length).toBeGreaterThan(4_500_000);
  });
});
