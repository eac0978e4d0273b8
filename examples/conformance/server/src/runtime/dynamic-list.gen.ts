/**
 * The dynamic tools/list (dynamic-tools.gen.ts serves it): search_tools, describe_tools and
 * call_tool, with names and shapes pinned, and search_tools' description naming the API and the
 * selected toolsets, so a model knows what it can search for. Its size is bounded for any API
 * (at most 1,500 tokens, o200k_base: test/runtime/tool-selection.test.ts): the title is named
 * once and cut at {@link TITLE_MAX_CHARS}, each toolset line at 90 characters, the list at
 * {@link TOOLSET_LIST_MAX_CHARS}.
 */
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolCatalogData } from './search-core.gen.js';
import { toolCount } from './tool-selection.gen.js';
import type { ApiConfig } from './types.gen.js';

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOLS = 'describe_tools';
export const CALL_TOOL = 'call_tool';
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;
/**
 * The toolset list in search_tools' description stops here, so tools/list stays small for any API.
 * 3,200: GitHub's 47 toolsets (2,981 characters) and Stripe's 60 (1,052) are listed whole, and
 * Microsoft Graph's truncated list (the densest in tokens we know) keeps tools/list at 1,416 tokens.
 */
export const TOOLSET_LIST_MAX_CHARS = 3_200;
const TOOLSET_LINE_MAX_CHARS = 90;
/** The API's title in search_tools' description stops here (a few specs' titles are whole sentences). */
const TITLE_MAX_CHARS = 100;

/** The dynamic tools/list: search_tools, describe_tools and call_tool, naming the API (once) and its toolsets. */
export function dynamicToolList(config: ApiConfig, catalog: ToolCatalogData, positions: readonly number[]): Tool[] {
  const count = `the ${positions.length} tool${positions.length === 1 ? '' : 's'}`;
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  return [
    {
      name: SEARCH_TOOLS,
      description: `Finds tools for a task among ${count} of ${apiPhrase(config.title)}. Returns tool names with a short description, best match first; then describe_tools gives their input schemas and call_tool runs one.\n${toolsetLines(catalog, positions)}`,
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
 * One line per selected toolset (`- name (N): description`), in name order; when they do not fit
 * in {@link TOOLSET_LIST_MAX_CHARS}, the largest ones and how many more there are.
 */
export function toolsetLines(catalog: ToolCatalogData, positions: readonly number[]): string {
  const counts = new Map<number, number>();
  if (positions.length === toolCount(catalog)) catalog.toolsets.forEach((set, i) => set.tools > 0 && counts.set(i, set.tools)); // every tool: the catalog's tools stay unread
  else for (const i of positions) counts.set(catalog.tools[i]!.toolset, (counts.get(catalog.tools[i]!.toolset) ?? 0) + 1);
  const line = (set: number): string => {
    const { name, description } = catalog.toolsets[set]!;
    const text = `- ${name} (${counts.get(set)})${description === '' ? '' : `: ${description}`}`;
    return text.length <= TOOLSET_LINE_MAX_CHARS ? text : `${text.slice(0, TOOLSET_LINE_MAX_CHARS - 1).trimEnd()}…`;
  };
  const byName = (a: number, b: number): number => (catalog.toolsets[a]!.name < catalog.toolsets[b]!.name ? -1 : 1);
  const sets = [...counts.keys()];
  const head = 'Toolsets (pass one as toolset to search only there):';
  const all = sets.sort(byName).map(line);
  if (all.join('\n').length <= TOOLSET_LIST_MAX_CHARS) return [head, ...all].join('\n');
  const largest = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || byName(a, b));
  const shown: number[] = [];
  let used = 0;
  for (const set of largest) {
    const length = line(set).length + 1;
    if (used + length > TOOLSET_LIST_MAX_CHARS) break;
    shown.push(set);
    used += length;
  }
  const rest = sets.length - shown.length;
  return [head, ...shown.sort(byName).map(line), `- … and ${rest} smaller toolsets (search without toolset finds them too)`].join('\n');
}
