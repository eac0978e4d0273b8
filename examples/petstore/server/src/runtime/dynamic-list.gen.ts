/**
 * The dynamic tools/list (dynamic-tools.gen.ts serves it): search_tools, describe_tools and
 * call_tool, with names and shapes pinned, and search_tools' description naming the API and the
 * selected toolsets, so a model knows what it can search for. Its size is bounded for any API
 * (at most {@link DYNAMIC_LIST_MAX_TOKENS} tokens, o200k_base: test/runtime/dynamic-list.test.ts):
 * the title is named once and cut at {@link TITLE_MAX_CHARS}, and the toolset lines stop at what
 * is left of the budget, by the tokens the generator counted for each line.
 */
import type { Tool } from '@modelcontextprotocol/server';
import { toolsetLine, toolsetLineJson, type ToolCatalogData } from './search-core.gen.js';
import { toolCount } from './tool-selection.gen.js';
import type { ApiConfig } from './types.gen.js';

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOLS = 'describe_tools';
export const CALL_TOOL = 'call_tool';
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;
/** What the whole dynamic tools/list may cost, in o200k_base tokens, whatever the API. */
export const DYNAMIC_LIST_MAX_TOKENS = 1_500;
/**
 * Tokens of the dynamic tools/list without the API's name and the toolset lines (the three tools,
 * the toolset list's heading, a tool count of up to 7 digits): test/runtime/dynamic-list.test.ts
 * counts them.
 */
export const FIXED_TOKENS = 440;
/** Tokens the `- … and N smaller toolsets` line may cost (counted in the same test). */
const MORE_LINE_TOKENS = 24;
/** The API's title in search_tools' description stops here (a few specs' titles are whole sentences). */
const TITLE_MAX_CHARS = 100;

/** The dynamic tools/list: search_tools, describe_tools and call_tool, naming the API (once) and its toolsets. */
export function dynamicToolList(config: ApiConfig, catalog: ToolCatalogData, positions: readonly number[]): Tool[] {
  const count = `the ${positions.length} tool${positions.length === 1 ? '' : 's'}`;
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  return [
    {
      name: SEARCH_TOOLS,
      description: `Finds tools for a task among ${count} of ${apiPhrase(config.title)}. Returns tool names with a short description, best match first; then describe_tools gives their input schemas and call_tool runs one.\n${toolsetLines(catalog, positions, listBudget(config.title))}`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The task in a few words, e.g. "list open issues"' },
          limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, default: DEFAULT_SEARCH_LIMIT },
          toolset: { type: 'string', description: 'Search only this toolset' },
        },
        required: ['query'],
      },
      outputSchema: {
        type: 'object',
        properties: { tools: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, toolset: { type: 'string' } }, required: ['name', 'description'] } } },
        required: ['tools'],
      },
      annotations: readOnly,
    },
    {
      name: DESCRIBE_TOOLS,
      description: `Describes tools by name (from search_tools): each Tool exactly as tools/list would list it, with its inputSchema for call_tool.`,
      inputSchema: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['names'] },
      outputSchema: { type: 'object', properties: { tools: { type: 'array', items: { type: 'object' } } }, required: ['tools'] },
      annotations: readOnly,
    },
    {
      name: CALL_TOOL,
      description: `Calls one tool by name (from search_tools) with its arguments, as its inputSchema from describe_tools says, and returns that tool's result.`,
      inputSchema: { type: 'object', properties: { name: { type: 'string' }, arguments: { type: 'object' } }, required: ['name', 'arguments'] },
      annotations: { openWorldHint: true },
    },
  ];
}

/**
 * The API as search_tools' description names it, reading well whatever the spec's title is:
 * `the Stripe API` for a title ending in API, else `this API (GitHub's official OpenAPI spec + …)`
 * (pasting " API" after any title gave "Stripe API API"); cut at {@link TITLE_MAX_CHARS}.
 */
export function apiPhrase(title: string): string {
  let text = title.replace(/\s+/g, ' ').trim().replace(/^the /i, '');
  if (text.length > TITLE_MAX_CHARS) text = `${text.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…`;
  return text === '' ? 'this API' : /\bAPI$/i.test(text) ? `the ${text}` : `this API (${text})`;
}

/**
 * Tokens the toolset lines may cost: what {@link DYNAMIC_LIST_MAX_TOKENS} leaves after the fixed
 * part and the API's name, counted as its UTF-8 bytes in the JSON (a token is at least one byte).
 */
export function listBudget(title: string): number {
  return DYNAMIC_LIST_MAX_TOKENS - FIXED_TOKENS - MORE_LINE_TOKENS - utf8Length(JSON.stringify(apiPhrase(title)));
}

/**
 * One line per selected toolset (`- name (N): description`), in the catalog's order (search-catalog.gen.ts
 * toolsetOrder, as every listing of the toolsets); when they do not fit
 * in `budget` tokens, the largest ones that do and how many more there are. A line costs the
 * tokens the generator counted for it (search-core.gen.ts ToolsetInfo.tokens), one more for its
 * seam with the line before, and one more when a selection shows another count (which may let
 * the 90-character cut keep a character more); without a count, its UTF-8 bytes in the JSON.
 */
export function toolsetLines(catalog: ToolCatalogData, positions: readonly number[], budget: number): string {
  const counts = new Map<number, number>();
  if (positions.length === toolCount(catalog)) catalog.toolsets.forEach((set, i) => set.tools > 0 && counts.set(i, set.tools)); // every tool: the catalog's tools stay unread
  else for (const i of positions) counts.set(catalog.tools[i]!.toolset, (counts.get(catalog.tools[i]!.toolset) ?? 0) + 1);
  const line = (set: number): string => {
    const { name, description } = catalog.toolsets[set]!;
    return toolsetLine(name, counts.get(set)!, description);
  };
  const cost = (set: number): number => {
    const info = catalog.toolsets[set]!;
    if (info.tokens === undefined) return utf8Length(toolsetLineJson(line(set)));
    // One for the seam: a line counted alone may take one token less than next to the line before
    // it (measured 0 or 1 on every pair of lines of ../shared/specs' 31 APIs).
    return info.tokens + 1 + (counts.get(set) === info.tools ? 0 : 1);
  };
  const inOrder = (a: number, b: number): number => a - b;
  const byName = (a: number, b: number): number => (catalog.toolsets[a]!.name < catalog.toolsets[b]!.name ? -1 : 1);
  const sets = [...counts.keys()];
  const head = 'Toolsets (pass one as toolset to search only there):';
  let total = 0;
  for (const set of sets) total += cost(set);
  if (total <= budget) return [head, ...sets.sort(inOrder).map(line)].join('\n');
  const largest = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || byName(a, b));
  const shown: number[] = [];
  let used = 0;
  for (const set of largest) {
    const tokens = cost(set);
    if (used + tokens > budget) break;
    shown.push(set);
    used += tokens;
  }
  const rest = sets.length - shown.length;
  return [head, ...shown.sort(inOrder).map(line), `- … and ${rest} smaller toolsets (search without toolset finds them too)`].join('\n');
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
