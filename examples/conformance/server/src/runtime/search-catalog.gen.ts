/**
 * The tool catalog the search ranks (data/tools/catalog.json): each tool's name, title, summary,
 * toolset and read-only flag, without its schemas, and the toolsets' lines in search_tools'
 * description. Shared by the generator and the generated server like search-core.gen.ts (one
 * source, copied into src/emit by the build). It imports nothing.
 */

/** What search needs of a tool: the generator's Tool and the runtime's ToolEntry both fit. */
export interface SearchableTool {
  readonly definition: {
    readonly name: string;
    readonly title?: string;
    readonly description: string;
    readonly inputSchema: { readonly [keyword: string]: unknown };
    readonly annotations?: { readonly readOnlyHint?: boolean };
  };
  readonly binding: { readonly kind: string; readonly method?: string; readonly path?: string; readonly operationId?: string };
}

export interface ToolsetInfo {
  readonly name: string;
  /** One line (the OpenAPI tag's description), or '' when the spec has none. */
  readonly description: string;
  /** How many tools it holds. */
  readonly tools: number;
  /**
   * Tokens (o200k_base, counted by the generator) of its line in search_tools' description with
   * all its tools, as that line stands in the JSON of tools/list (see {@link toolsetLine}).
   */
  readonly tokens?: number;
}

const TOOLSET_LINE_MAX_CHARS = 90;

/**
 * A toolset's line in search_tools' description (`- name (N): description`, cut at 90
 * characters): the generated server writes it, and the generator counts its tokens with it.
 */
export function toolsetLine(name: string, tools: number, description: string): string {
  const text = `- ${name} (${tools})${description === '' ? '' : `: ${description}`}`;
  return text.length <= TOOLSET_LINE_MAX_CHARS ? text : `${text.slice(0, TOOLSET_LINE_MAX_CHARS - 1).trimEnd()}…`;
}

/** The line as it stands in tools/list's JSON after the one before it: `\n- name (N)…`, escaped. */
export function toolsetLineJson(line: string): string {
  return JSON.stringify(`\n${line}`).slice(1, -1);
}

/** One tool as search results and selection see it, without its schemas. */
export interface CatalogTool {
  readonly name: string;
  readonly title?: string;
  /** The first paragraph of its description, at most {@link SUMMARY_MAX} characters. */
  readonly summary: string;
  /** Index into {@link ToolCatalogData.toolsets} (data/tools/catalog.json stores the name: {@link StoredCatalogTool}). */
  readonly toolset: number;
  /** `annotations.readOnlyHint === true`. */
  readonly readOnly: boolean;
  /** Tokens of its definition in a static tools/list (o200k_base, counted at generation; absent when not counted). */
  readonly tokens?: number;
}

/** The catalog in memory: every tool in tools/list order (the index's ids are positions in it). */
export interface ToolCatalogData {
  readonly toolsets: readonly ToolsetInfo[];
  readonly tools: readonly CatalogTool[];
}

/**
 * A tool as data/tools/catalog.json stores it: its toolset by name, not by position, so that
 * adding or renaming one toolset changes only the lines of its own tools (a position would shift
 * every tool of every later toolset).
 */
export type StoredCatalogTool = Omit<CatalogTool, 'toolset'> & { readonly toolset: string };

/** A tool as data/tools/catalog.json stores it (see {@link StoredCatalogTool}). */
export function storedCatalogTool(tool: CatalogTool, toolsets: readonly ToolsetInfo[]): StoredCatalogTool {
  return { ...tool, toolset: toolsets[tool.toolset]!.name };
}

/** data/tools/catalog.json's tools with each toolset back as its position in `toolsets` (data/tools/toolsets.json). */
export function catalogToolsFromJson(stored: readonly StoredCatalogTool[], toolsets: readonly ToolsetInfo[]): CatalogTool[] {
  const positions = new Map(toolsets.map((set, i) => [set.name, i]));
  return stored.map((tool) => {
    const position = positions.get(tool.toolset);
    if (position === undefined) throw new Error(`data/tools/catalog.json: tool ${JSON.stringify(tool.name)} names toolset ${JSON.stringify(tool.toolset)}, which data/tools/toolsets.json does not list`);
    return { ...tool, toolset: position };
  });
}

export const SUMMARY_MAX = 300;

/** What names the operation: its title, else the first sentence of its summary. */
export function headlineOf(tool: Pick<CatalogTool, 'title' | 'summary'>): string {
  if (tool.title !== undefined && tool.title !== '') return tool.title;
  return tool.summary.split(/(?<=[.!?])\s/)[0]!;
}

/** The first paragraph of a description, cut at a word before {@link SUMMARY_MAX} characters. */
export function summaryOf(description: string): string {
  const paragraph = (description.split(/\n\s*\n/).find((p) => p.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
  if (paragraph.length <= SUMMARY_MAX) return paragraph;
  const cut = paragraph.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The catalog of `tools` (in their order); `toolsetOf(i)` names the toolset of tool i. The toolsets
 * come in {@link toolsetOrder} (`declared`: the spec's root `tags`, as toolset names).
 */
export function buildCatalog(
  tools: readonly SearchableTool[],
  toolsetOf: (index: number) => string,
  descriptions: Readonly<Record<string, string>> = {},
  declared: readonly string[] = [],
): ToolCatalogData {
  const of = tools.map((_, i) => toolsetOf(i));
  const names = toolsetOrder(of, declared);
  const positions = new Map(names.map((name, i) => [name, i]));
  const counts = names.map(() => 0);
  const entries = tools.map((tool, i): CatalogTool => {
    const position = positions.get(of[i]!)!;
    counts[position]! += 1;
    return catalogTool(tool, position);
  });
  const toolsets = names.map((name, i): ToolsetInfo => ({
    name,
    description: Object.hasOwn(descriptions, name) ? descriptions[name]! : '',
    tools: counts[i]!,
  }));
  return { toolsets, tools: entries };
}

/**
 * Toolset names (each once) in the order every listing shows them (catalog.json, toolsets.json,
 * --list-toolsets, search_tools' description, the README, the report): those `declared` (the
 * spec's root `tags`, the order its author gave and documentation tools show) in that order, then
 * the others (undeclared tags, path segments) by name, in code units. Neither depends on where the
 * operations stand, so moving, adding or removing one tool moves no other toolset's line.
 */
export function toolsetOrder(names: Iterable<string>, declared: readonly string[] = []): string[] {
  const rank = new Map<string, number>();
  for (const name of declared) if (!rank.has(name)) rank.set(name, rank.size);
  return [...new Set(names)].sort((a, b) => {
    const [ra, rb] = [rank.get(a), rank.get(b)];
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined || rb !== undefined) return ra !== undefined ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** A tool as the catalog holds it, in the toolset at position `toolset`. */
export function catalogTool(tool: SearchableTool, toolset: number): CatalogTool {
  const { name, title, description, annotations } = tool.definition;
  return { name, ...(title !== undefined ? { title } : {}), summary: summaryOf(description), toolset, readOnly: annotations?.readOnlyHint === true };
}
