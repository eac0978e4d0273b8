import { describe, expect, it } from 'vitest';
import { budgetWarning } from '../../src/report/cost-summary.js';
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
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget): start the server with a toolset selection (1 of 2 toolsets fit alone, e.g. --toolsets "small": 1 tools, 20.0 k tokens); or start it in dynamic mode (--tools-mode dynamic: three tools that search, describe and call the others); or generate with --output-schema compact (output schemas cost 15.0 k)',
    );
  });

  it('a package that starts in dynamic mode says so, and that a selection that fits is served statically when auto chose the mode', () => {
    expect(budgetWarning(cost, { ...compact, startsIn: { mode: 'dynamic', auto: true } })).toBe(
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget), so the server starts in dynamic mode (three tools that search, describe and call the others); a start-time selection that fits is served statically (1 of 2 toolsets fit alone, e.g. --toolsets "small": 1 tools, 20.0 k tokens)',
    );
    expect(budgetWarning(cost, { ...compact, descriptions: 'full', startsIn: { mode: 'dynamic', auto: false } })).toBe(
      'warning [token-budget] tools/list costs 110 k tokens, over the budget of 50.0 k (--token-budget), so the server starts in dynamic mode (three tools that search, describe and call the others); generate with --descriptions compact',
    );
  });

  it('a toolset fits only with the {"tools":[]} wrapper around it', () => {
    expect(budgetWarning(cost, { ...compact, budget: 20_003 })).not.toContain('toolset selection');
    expect(budgetWarning(cost, { ...compact, budget: 20_004 })).toContain('--toolsets "small"');
  });
});
