/**
 * The mode a generated server starts in (`toolsMode` in config.gen.ts), decided at generation:
 * `static` lists every tool in tools/list, `dynamic` lists search_tools, describe_tools and
 * call_tool (templates/runtime/dynamic-tools.gen.ts). The `toolsMode` option (`auto` by default)
 * picks static when the tools/list answer fits the token budget, dynamic otherwise. The server
 * switches with `--tools-mode` or the `<PREFIX>TOOLS_MODE` variable, without regenerating.
 */
import { groupThousands } from '../report/token-cost.js';

export type ToolsModeOption = 'auto' | 'static' | 'dynamic';

/** Tokens the whole static tools/list may cost before `auto` picks dynamic mode. */
export const DEFAULT_TOOLS_TOKEN_BUDGET = 50_000;

/**
 * Bytes of tool JSON per token, for the estimate below: o200k_base gives 4.3 bytes per token on
 * the tools/list answers of GitHub, Stripe and Microsoft Graph alike (8.2 MB ≈ 1.9 M tokens).
 */
const BYTES_PER_TOKEN = 4.3;

export interface ToolsModeDecision {
  mode: 'static' | 'dynamic';
  /** Why, as a sentence for the generated README. */
  reason: string;
}

export interface ToolListSize {
  tools: number;
  /** Tokens of the static tools/list answer (exact or estimated). */
  tokens: number;
}

/** The tokens of a tools/list answer estimated from its JSON length (UTF-16 units ≈ bytes here). */
export function estimateTokens(jsonLength: number): number {
  return Math.ceil(jsonLength / BYTES_PER_TOKEN);
}

export function decideToolsMode(option: ToolsModeOption, size: ToolListSize, budget = DEFAULT_TOOLS_TOKEN_BUDGET): ToolsModeDecision {
  const tokens = `about ${groupThousands(size.tokens)} tokens`;
  const tools = `${groupThousands(size.tools)} tool${size.tools === 1 ? '' : 's'}`;
  if (option !== 'auto') return { mode: option, reason: `the toolsMode option says so (its ${tools} cost ${tokens} in tools/list).` };
  if (size.tokens <= budget) return { mode: 'static', reason: `its ${tools} cost ${tokens} in tools/list, within the budget of ${groupThousands(budget)}.` };
  return { mode: 'dynamic', reason: `its ${tools} would cost ${tokens} in tools/list, more than the budget of ${groupThousands(budget)}.` };
}
