/**
 * The token cost of a tool surface, as `tools` and `generate` print it and `--report` stores it,
 * and the one-time warning when it is over the budget (see token-cost.ts for how it is counted).
 */
import type { JsonTexts } from '../json-texts.js';
import { toolsetOrder } from '../shared/search-catalog.gen.js';
import type { ToolModel } from '../model/tool-model.js';
import { countToolListTokens, formatTokens, type ToolListCost } from './token-cost.js';

/** Tokens a whole static tools/list may cost before a run warns (`tokenBudget`, `--token-budget`). */
export const DEFAULT_TOKEN_BUDGET = 50_000;

/**
 * The cost of a model's tools, grouped by toolset (first tag, else first path segment), the
 * toolsets in the catalog's order (toolsetOrder: the README's table and the report list them as
 * --list-toolsets does); `json`: the run's serialized texts (the schemas serialized here are
 * serialized once for the run).
 */
export async function toolModelCost(model: Pick<ToolModel, 'tools' | 'toolsetOrder'>, json?: JsonTexts): Promise<ToolListCost> {
  const { tools } = model;
  const cost = await countToolListTokens(
    tools.map((t) => t.definition),
    { toolsetOf: (_definition, index) => tools[index]!.toolset ?? 'default' },
    json,
  );
  if (cost.toolsets === undefined) return cost;
  const byName = new Map(cost.toolsets.map((set) => [set.name, set]));
  return { ...cost, toolsets: toolsetOrder(byName.keys(), model.toolsetOrder).map((name) => byName.get(name)!) };
}

/** What `--report` stores: the figures without the per-tool list. */
export interface CostReport {
  tokenizer: string;
  tools: number;
  tokens: number;
  bytes: number;
  inputSchema: number;
  outputSchema: number;
  descriptions: number;
  median: number;
  budget: number;
  overBudget: boolean;
  top: { name: string; tokens: number }[];
  toolsets: { name: string; tools: number; tokens: number }[];
}

export function costReport(cost: ToolListCost, budget: number): CostReport {
  return {
    tokenizer: cost.tokenizer,
    tools: cost.tools,
    tokens: cost.tokens,
    bytes: cost.bytes,
    inputSchema: cost.inputSchema,
    outputSchema: cost.outputSchema,
    descriptions: cost.descriptions,
    median: cost.median,
    budget,
    overBudget: cost.tokens > budget,
    top: cost.top.map((t) => ({ name: t.name, tokens: t.tokens })),
    toolsets: (cost.toolsets ?? []).map((t) => ({ name: t.name, tools: t.tools, tokens: t.tokens })),
  };
}

/** Two lines: the total with its shares, and the most expensive tools. */
export function costLines(cost: ToolListCost): string[] {
  const lines = [
    `tools/list: ${toolCount(cost.tools)}, ${formatTokens(cost.tokens)} tokens (${cost.tokenizer}): input schemas ${formatTokens(cost.inputSchema)}, output schemas ${formatTokens(cost.outputSchema)}, descriptions ${formatTokens(cost.descriptions)}; median ${formatTokens(cost.median)} per tool`,
  ];
  if (cost.top.length > 0) lines.push(`  most expensive: ${cost.top.map((t) => `${t.name} ${formatTokens(t.tokens)}`).join(', ')}`);
  return lines;
}

export interface BudgetContext {
  budget: number;
  outputSchema: 'full' | 'compact' | 'none';
  descriptions: 'full' | 'compact';
  /**
   * The mode the generated server starts in, when there is one (`generate`); `auto`: chosen by the
   * budget, so a start-time selection that fits it is served statically (tool-selection.gen.ts).
   */
  startsIn?: { mode: 'static' | 'dynamic'; auto: boolean };
}

/**
 * `undefined` under the budget; else one warning line saying what would bring it under: a toolset
 * selection at start (the largest toolset that fits alone, as an example), dynamic mode, and the
 * compact options when they are off. For a package that starts in dynamic mode it says so first.
 */
export function budgetWarning(cost: ToolListCost, context: BudgetContext): string | undefined {
  const { budget, startsIn } = context;
  if (cost.tokens <= budget) return undefined;
  const wrapper = wrapperTokensOf(cost);
  const fitting = (cost.toolsets ?? []).filter((t) => t.tokens + wrapper <= budget);
  const largest = fitting.reduce<(typeof fitting)[number] | undefined>((best, t) => (best === undefined || t.tokens > best.tokens || (t.tokens === best.tokens && t.name < best.name) ? t : best), undefined);
  const example = (cost.toolsets ?? []).length > 1 ? largest : undefined;
  const toolsetsFit = example === undefined ? undefined : `${fitting.length} of ${cost.toolsets!.length} toolsets fit alone, e.g. --toolsets ${JSON.stringify(example.name)}: ${toolCount(example.tools)}, ${formatTokens(example.tokens)} tokens`;
  const fitsReadOnly = readOnlySelection(cost, budget);
  const readOnly = fitsReadOnly === undefined ? undefined : `--read-only: ${toolCount(fitsReadOnly.tools)}, ${formatTokens(fitsReadOnly.tokens)} tokens`;
  const shrink: string[] = [];
  if (context.outputSchema === 'full' && cost.outputSchema > 0) shrink.push(`generate with --output-schema compact (output schemas cost ${formatTokens(cost.outputSchema)})`);
  if (context.descriptions === 'full') shrink.push('generate with --descriptions compact');
  const over = `warning [token-budget] tools/list costs ${formatTokens(cost.tokens)} tokens, over the budget of ${formatTokens(budget)} (--token-budget)`;
  if (startsIn?.mode === 'dynamic') {
    const ways: string[] = [];
    const fits = [readOnly, toolsetsFit].filter((part) => part !== undefined);
    if (startsIn.auto && fits.length > 0) ways.push(`a start-time selection that fits is served statically (${fits.join('; ')})`);
    ways.push(...shrink);
    const then = ways.length > 0 ? `; ${ways.join('; or ')}` : '';
    return `${over}, so the server starts in dynamic mode (three tools that search, describe and call the others)${then}`;
  }
  const ways: string[] = [];
  if (readOnly !== undefined) ways.push(`start the server with only the read-only tools (${readOnly})`);
  if (toolsetsFit !== undefined) ways.push(`start the server with a toolset selection (${toolsetsFit})`);
  ways.push('start it in dynamic mode (--tools-mode dynamic: three tools that search, describe and call the others)', ...shrink);
  return `${over}: ${ways.join('; or ')}`;
}

/**
 * The read-only tools (what the server's `--read-only` keeps) when they are fewer than all and fit
 * the budget as a list of their own; `tokens` without the `{"tools":[]}` wrapper, like a toolset's.
 */
export function readOnlySelection(cost: ToolListCost, budget: number): { tools: number; tokens: number } | undefined {
  let tools = 0;
  let tokens = 0;
  for (const tool of cost.perTool) {
    if (tool.readOnly !== true) continue;
    tools += 1;
    tokens += tool.tokens;
  }
  return tools === 0 || tools === cost.tools || tokens + wrapperTokensOf(cost) > budget ? undefined : { tools, tokens };
}

/** A selection is listed inside the same {"tools":[…]} as the whole list: what that wrapper costs. */
function wrapperTokensOf(cost: ToolListCost): number {
  return cost.tokens - cost.perTool.reduce((n, t) => n + t.tokens, 0);
}

function toolCount(n: number): string {
  return `${n} tool${n === 1 ? '' : 's'}`;
}
