import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { toolModelCost } from '../../src/report/cost-summary.js';
import { decideToolsMode, estimateTokens } from '../../src/emit/tools-mode.js';
import type { Tool, ToolModel } from '../../src/model/tool-model.js';
import { DEFAULT_MAX_PAGE_BYTES } from '../../templates/runtime/tool-table.gen.js';
import type { ToolCatalogData } from '../../templates/runtime/search-core.gen.js';
import { selectedTokens } from '../../templates/runtime/tool-selection.gen.js';

describe('decideToolsMode', () => {
  it('auto: static within the budget, dynamic above it; an explicit option wins', () => {
    expect(decideToolsMode('auto', { tools: 4, tokens: 948 })).toEqual({ mode: 'static', reason: 'its 4 tools cost about 948 tokens in tools/list, within the budget of 50,000.' });
    expect(decideToolsMode('auto', { tools: 1223, tokens: 2_066_265 })).toEqual({ mode: 'dynamic', reason: 'its 1,223 tools would cost about 2,066,265 tokens in tools/list, more than the budget of 50,000.' });
    expect(decideToolsMode('dynamic', { tools: 1, tokens: 10 }).mode).toBe('dynamic');
    expect(decideToolsMode('static', { tools: 1223, tokens: 2_066_265 })).toEqual({ mode: 'static', reason: 'the toolsMode option says so (its 1,223 tools cost about 2,066,265 tokens in tools/list).' });
    expect(decideToolsMode('auto', { tools: 2, tokens: 60 }, 50).mode).toBe('dynamic');
  });

  it('estimates 4.3 bytes of tool JSON per token', () => {
    expect(estimateTokens(43)).toBe(10);
    expect(estimateTokens(44)).toBe(11);
  });
});

describe('the generated package starts in the decided mode', () => {
  const tool = (i: number): Tool => ({
    definition: { name: `tool_${i}`, description: 'x'.repeat(2_000), inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'y'.repeat(2_000) } } } },
    binding: { kind: 'http', method: 'GET', path: `/things/${i}`, arguments: { id: { in: 'query', name: 'id', required: false } }, security: [] },
    toolset: 'things',
  });
  const model = (n: number): ToolModel => ({ info: { title: 'Things', version: '1' }, servers: [{ url: 'https://things.test', variables: {} }], securitySchemes: {}, tools: Array.from({ length: n }, (_, i) => tool(i)) });
  const files = (n: number, toolsMode?: 'auto' | 'static' | 'dynamic') => new Map(emitPackage(model(n), { packageName: 'things-mcp', ...(toolsMode ? { toolsMode } : {}) }).files.map((f) => [f.path, f.contents]));

  it('small: static; big (over 50,000 tokens): dynamic; the README says which, why and how to switch', () => {
    const small = files(2);
    expect(small.get('src/config.gen.ts')).toContain('"toolsMode": "static"');
    expect(small.get('README.md')).toContain('This package starts in **static mode**: its 2 tools cost about');
    expect(small.get('README.md')).toContain('`--tools-mode dynamic` (or `THINGS_TOOLS_MODE=dynamic`)');
    const big = files(120);
    expect(big.get('src/config.gen.ts')).toContain('"toolsMode": "dynamic"');
    expect(big.get('README.md')).toMatch(/This package starts in \*\*dynamic mode\*\*: its 120 tools would cost about [\d,]+ tokens in tools\/list, more than the budget of 50,000\./);
    expect(files(120, 'static').get('src/config.gen.ts')).toContain('"toolsMode": "static"');
 
    // The page cap the README states is the server's (tool-table.gen.ts).
    expect(small.get('README.md')).toContain(`in pages of at most ${DEFAULT_MAX_PAGE_BYTES / 1_000_000} MB of JSON`);
    expect(small.get('README.md')).toContain('the toolsets (1: OpenAPI tags, else first path segments)');
  });
  it('--token-budget sets the budget auto decides by, which the package keeps for start-time selections', () => {
    const generous = new Map(emitPackage(model(120), { packageName: 'things-mcp', tokenBudget: 10_000_000 }).files.map((f) => [f.path, f.contents]));
    expect(generous.get('src/config.gen.ts')).toContain('"toolsMode": "static",\n  "toolsBudget": 10000000');
    expect(generous.get('README.md')).toMatch(/starts in \*\*static mode\*\*: its 120 tools cost about [\d,]+ tokens in tools\/list, within the budget of 10,000,000\./);
    const strict = emitPackage(model(2), { packageName: 'things-mcp', tokenBudget: 100 });
    expect(strict.toolsMode?.mode).toBe('dynamic');
    const readme = strict.files.find((f) => f.path === 'README.md')!.contents;
    expect(readme).toContain('Started with a selection of tools that costs at most 100 tokens (`--list-toolsets` shows what each toolset costs), it serves them in static mode instead.');
    expect(files(120, 'dynamic').get('src/config.gen.ts')).not.toContain('toolsBudget');
    expect(files(120, 'dynamic').get('README.md')).not.toContain('Started with a selection');
  });

  it('a README of a package that starts dynamic names --read-only when the read-only tools fit', async () => {
    // 120 tools, the first 10 read-only (about 1,000 tokens each): only those fit 50,000.
    const mixed = model(120);
    mixed.tools = mixed.tools.map((t, i) => (i < 10 ? { ...t, definition: { ...t.definition, annotations: { readOnlyHint: true } } } : t));
    const cost = await toolModelCost(mixed);
    const readOnly = cost.perTool.slice(0, 10).reduce((n, t) => n + t.tokens, 0);
    const readme = emitPackage(mixed, { packageName: 'things-mcp', cost }).files.find((f) => f.path === 'README.md')!.contents;
    expect(readme).toContain(`it serves them in static mode instead. \`--read-only\` is one: 10 tools, ${readOnly.toLocaleString('en-US')} tokens.`);
    // All 120 read-only: the selection is the whole list, and not offered.
    const allRead = model(120);
    allRead.tools = allRead.tools.map((t) => ({ ...t, definition: { ...t.definition, annotations: { readOnlyHint: true } } }));
    const allReadme = emitPackage(allRead, { packageName: 'things-mcp', cost: await toolModelCost(allRead) }).files.find((f) => f.path === 'README.md')!.contents;
    expect(allReadme).toContain('Started with a selection');
    expect(allReadme).not.toContain('is one:');
  });

  it("a package that starts dynamic shows a --toolsets example that fits the budget, costed as --list-toolsets costs it", async () => {
    // about 800 tokens a tool: big (70) alone is over 50,000; mid (30) and small (10) fit together.
    const sets = (i: number): string => (i < 70 ? 'big' : i < 100 ? 'mid' : i < 110 ? 'small' : 'tiny');
    const things = model(115);
    things.tools = things.tools.map((t, i) => ({ ...t, toolset: sets(i) }));
    const cost = await toolModelCost(things);
    const files = new Map(emitPackage(things, { packageName: 'things-mcp', cost }).files.map((f) => [f.path, f.contents]));
    const line = /^node dist\/main\.js --toolsets .*$/m.exec(files.get('README.md')!)![0];
    // The stored catalog names each tool's toolset (the runtime turns it into a position).
    const stored = JSON.parse(files.get('data/tools/catalog.json')!) as { tools: { toolset: string; tokens: number }[] };
    const catalog = { toolsets: [], tools: stored.tools } as unknown as ToolCatalogData;
    const positions = stored.tools.flatMap((t, i) => (['mid', 'small'].includes(t.toolset) ? [i] : []));
    expect(positions).toHaveLength(40);
    const tokens = selectedTokens(catalog, positions)!;
    expect(tokens).toBeLessThan(50_000);
    expect(line).toBe(`node dist/main.js --toolsets mid,small            # 40 tools, ${tokens.toLocaleString('en-US')} tokens: within the budget, so static mode`);
    // A package that fits stays with its two largest toolsets, without a note.
    const small = model(6).tools.map((t, i) => ({ ...t, toolset: sets(i * 20) }));
    const fits = emitPackage({ ...things, tools: small }, { packageName: 'things-mcp', cost: await toolModelCost({ ...things, tools: small }) });
    expect(fits.files.find((f) => f.path === 'README.md')!.contents).toMatch(/^node dist\/main\.js --toolsets big,mid$/m);
  });

  it('the catalog holds the tokens of each tool as the cost counted them', async () => {
    const things = model(3);
    const cost = await toolModelCost(things);
    const catalog = emitPackage(things, { packageName: 'things-mcp', cost }).files.find((f) => f.path === 'data/tools/catalog.json')!;
    const tools = (JSON.parse(catalog.contents) as { tools: { name: string; tokens: number }[] }).tools;
    expect(tools.map((t) => t.tokens)).toEqual(cost.perTool.map((t) => t.tokens));
    expect(tools[0]!.tokens).toBeGreaterThan(500);
  });
});
