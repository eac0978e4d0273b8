import { describe, expect, it } from 'vitest';
import { budgetWarning, readOnlySelection } from '../../src/report/cost-summary.js';
import { summarizeToolList, type ToolCost } from '../../src/report/token-cost.js';

/** Two toolsets: "big" (3 tools, 90,000 tokens) and "small" (1 tool, 20,000). */
const perTool: ToolCost[] = [
  ...[0, 1, 2].map((i): ToolCost => ({ name: `big_${i}`, tokens: 30_000, inputSchema: 0, outputSchema: 5_000, descriptions: 0, bytes: 0, toolset: 'big' })),
  { name: 'small_0', tokens: 20_000, inputSchema: 0, outputSchema: 0, descriptions: 0, bytes: 0, toolset: 'small' },
];
const cost = summarizeToolList(perTool, 4, { toolsets: true });
const compact = { budget: 50_000, outputSchema: 'compact' as const, descriptions: 'compact' as const };

describe('budgetWarning', () => {
  it('nothing within the budget', () => {
    expect(budgetWarning(cost, { ...compact, budget: 110_004 })).toBeUndefined();
  });

  it('without a package (openapi-mcp tools): a toolset selection, dynamic mode, the compact options that are off', () => {
    expect(budgetWarning(cost, { ...compact, outputSchema: 'full' })).toBe(
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget): start the server with a toolset selection (1 of 2 toolsets fit alone, e.g. --toolsets "small": 1 tool, 20.0 k tokens); or start it in dynamic mode (--tools-mode dynamic: three tools that search, describe and call the others); or generate with --output-schema compact (output schemas cost 15.0 k)',
    );
  });

  it('a package that starts in dynamic mode says so, and that a selection that fits is served statically when auto chose the mode', () => {
    expect(budgetWarning(cost, { ...compact, startsIn: { mode: 'dynamic', auto: true } })).toBe(
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget), so the server starts in dynamic mode (three tools that search, describe and call the others); a start-time selection that fits is served statically (1 of 2 toolsets fit alone, e.g. --toolsets "small": 1 tool, 20.0 k tokens)',
    );
    expect(budgetWarning(cost, { ...compact, descriptions: 'full', startsIn: { mode: 'dynamic', auto: false } })).toBe(
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget), so the server starts in dynamic mode (three tools that search, describe and call the others); generate with --descriptions compact',
    );
  });

  it('the example is the largest toolset that fits, whatever order the toolsets are listed in (toolsetOrder)', () => {
    const tiny: ToolCost = { name: 'tiny_0', tokens: 5_000, inputSchema: 0, outputSchema: 0, descriptions: 0, bytes: 0, toolset: 'tiny' };
    const listed = summarizeToolList([tiny, ...perTool], 4, { toolsets: true });
    for (const toolsets of [listed.toolsets!, [...listed.toolsets!].reverse()]) {
      expect(budgetWarning({ ...listed, toolsets }, compact)).toContain('2 of 3 toolsets fit alone, e.g. --toolsets "small": 1 tool, 20.0 k tokens');
    }
  });

  it('a toolset fits only with the {"tools":[]} wrapper around it', () => {
    expect(budgetWarning(cost, { ...compact, budget: 20_003 })).not.toContain('toolset selection');
    expect(budgetWarning(cost, { ...compact, budget: 20_004 })).toContain('--toolsets "small"');
  });

  it('names --read-only when the read-only tools are fewer than all and fit (with the wrapper), as a toolset', () => {
    // One toolset, so no toolset selection helps; two of its three tools are read-only.
    const tools: ToolCost[] = [
      { name: 'get_a', tokens: 10_000, inputSchema: 0, outputSchema: 0, descriptions: 0, bytes: 0, toolset: 'all', readOnly: true },
      { name: 'get_b', tokens: 15_000, inputSchema: 0, outputSchema: 0, descriptions: 0, bytes: 0, toolset: 'all', readOnly: true },
      { name: 'put_a', tokens: 40_000, inputSchema: 0, outputSchema: 0, descriptions: 0, bytes: 0, toolset: 'all' },
    ];
    const one = summarizeToolList(tools, 4, { toolsets: true });
    expect(budgetWarning(one, { ...compact, startsIn: { mode: 'dynamic', auto: true } })).toBe(
      'warning [token-budget] tools/list costs 65.0 k tokens, over the budget of 50.0 k (--token-budget), so the server starts in dynamic mode (three tools that search, describe and call the others); a start-time selection that fits is served statically (--read-only: 2 tools, 25.0 k tokens)',
    );
    expect(budgetWarning(one, compact)).toBe(
      'warning [token-budget] tools/list costs 65.0 k tokens, over the budget of 50.0 k (--token-budget): start the server with only the read-only tools (--read-only: 2 tools, 25.0 k tokens); or start it in dynamic mode (--tools-mode dynamic: three tools that search, describe and call the others)',
    );
    expect(readOnlySelection(one, 25_004)).toEqual({ tools: 2, tokens: 25_000 });
    expect(readOnlySelection(one, 25_003)).toBeUndefined();
    expect(budgetWarning(one, { ...compact, budget: 25_003 })).not.toContain('--read-only');
    // Every tool read-only: --read-only selects the same list, so it is not offered.
    const allRead = summarizeToolList(tools.map((t) => ({ ...t, readOnly: true as const })), 4, { toolsets: true });
    expect(readOnlySelection(allRead, 100_000)).toBeUndefined();
    // Both kinds of selection fit: both are named.
    expect(budgetWarning(summarizeToolList([...perTool, { ...perTool[3]!, name: 'small_1', readOnly: true }], 4, { toolsets: true }), { ...compact, startsIn: { mode: 'dynamic', auto: true } })).toContain(
      'served statically (--read-only: 1 tool, 20.0 k tokens; 1 of 2 toolsets fit alone, e.g. --toolsets "small": 2 tools, 40.0 k tokens)',
    );
  });
});
