/**
 * Which tools this server offers, chosen at start without regenerating: `--toolsets a,b` (by
 * OpenAPI tag; an untagged tool is in the toolset named after its first path segment),
 * `--read-only` (only tools annotated `readOnlyHint: true`), `--tools name,name` (exactly these),
 * and `--tools-mode static|dynamic`. Each flag has an environment variable for hosts that only set
 * the environment (`config.env`: e.g. `GITHUB_TOOLSETS`); a flag wins over its variable.
 *
 * `--toolsets` and `--tools` together offer the union; `--read-only` then keeps only read-only
 * tools of it. Unknown names are one line naming each one's close matches; a selection that leaves
 * no tool is one line saying why ({@link emptySelection}): a server with nothing to offer does not start.
 *
 * The selection works on the tool catalog (data/tools/catalog.json: names, toolsets, read-only
 * flags, summaries, token counts), so it needs none of the schemas: dynamic mode can start without
 * loading them.
 *
 * The mode: `--tools-mode` (or its variable) when given; else the package's `toolsMode`, except
 * that a package generated with `toolsMode: auto` (`toolsBudget` set) whose whole list is over the
 * budget serves a selection that fits the budget statically ({@link modeForSelection}).
 */
import { printable, unknownNames } from './close-matches.gen.js';
import type { ToolCatalogData } from './search-core.gen.js';
import type { ApiConfig } from './types.gen.js';

export type ToolsMode = 'static' | 'dynamic';

/** The catalog, and the stored search index when the package has one (generated packages do). */
export interface ToolCatalog extends ToolCatalogData {
  searchIndex?(): string;
}

/** What the command line and the environment ask for. */
export interface SelectionRequest {
  toolsets?: string[];
  tools?: string[];
  readOnly: boolean;
  toolsMode?: ToolsMode;
  /** The environment variable each came from when its flag was not given: messages name what the user set. */
  from?: { toolsets?: string; tools?: string; readOnly?: string };
}

/** A selection mistake (unknown name, bad value): one line, exit code 2. */
export class SelectionError extends Error {
  override name = 'SelectionError';
}

export { closeMatches } from './close-matches.gen.js';

export const SELECTION_VALUE_FLAGS: ReadonlySet<string> = new Set(['--toolsets', '--tools', '--tools-mode']);
export const SELECTION_SWITCHES: ReadonlySet<string> = new Set(['--read-only', '--list-toolsets']);

/** The flags given (`flags`: flag → value, '' for a switch) completed from the environment. */
export function selectionRequest(flags: ReadonlyMap<string, string>, env: Record<string, string | undefined>, config: ApiConfig): SelectionRequest {
  const names = config.env;
  const value = (flag: string, envName: string | undefined): { text: string; from: string } | undefined => {
    const given = flags.get(flag);
    if (given !== undefined) return { text: given, from: flag };
    const text = envName === undefined ? undefined : env[envName];
    return text === undefined || text.trim() === '' ? undefined : { text, from: envName! };
  };
  const request: SelectionRequest = { readOnly: false };
  const from = (key: 'toolsets' | 'tools' | 'readOnly', source: string): void => {
    if (!source.startsWith('--')) request.from = { ...request.from, [key]: source };
  };
  const toolsets = value('--toolsets', names.toolsets);
  if (toolsets !== undefined) {
    request.toolsets = list(toolsets.text);
    from('toolsets', toolsets.from);
  }
  const tools = value('--tools', names.tools);
  if (tools !== undefined) {
    request.tools = list(tools.text);
    from('tools', tools.from);
  }
  if (flags.has('--read-only')) request.readOnly = true;
  else {
    const text = value('--read-only', names.readOnly);
    if (text !== undefined) {
      request.readOnly = parseBoolean(text.text, text.from);
      if (request.readOnly) from('readOnly', text.from);
    }
  }
  const mode = value('--tools-mode', names.toolsMode);
  if (mode !== undefined) {
    const text = mode.text.trim().toLowerCase();
    if (text !== 'static' && text !== 'dynamic') throw new SelectionError(`${mode.from} must be static or dynamic, got ${JSON.stringify(text)}`);
    request.toolsMode = text;
  }
  return request;
}

function list(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function parseBoolean(text: string, from: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === '1' || t === 'true' || t === 'yes' || t === 'on') return true;
  if (t === '0' || t === 'false' || t === 'no' || t === 'off') return false;
  throw new SelectionError(`${from} must be true, false, 1, 0, yes, no, on or off, got ${JSON.stringify(printable(text))}`);
}

/**
 * The positions (into `catalog.tools`, in order) of the selected tools. Throws SelectionError for
 * toolsets or tools that do not exist (all those of one flag in one line). Toolset names match
 * ignoring case when exactly one does.
 */
export function selectTools(catalog: ToolCatalogData, request: SelectionRequest): number[] {
  const narrowed = request.toolsets !== undefined || request.tools !== undefined;
  // Every tool: counted from the toolsets, so a lazily parsed catalog (catalog.gen.ts) stays unparsed.
  if (!narrowed && !request.readOnly) return Array.from({ length: toolCount(catalog) }, (_, i) => i);
  const wantedSets = new Set<number>();
  const unknownSets = (request.toolsets ?? []).filter((name) => {
    const set = toolsetIndex(catalog, name);
    if (set !== undefined) wantedSets.add(set);
    return set === undefined;
  });
  if (unknownSets.length > 0) throw new SelectionError(unknownNames('toolset', unknownSets, request.from?.toolsets ?? '--toolsets', catalog.toolsets.map((set) => set.name)));
  const byName = new Map(catalog.tools.map((tool, i) => [tool.name, i]));
  const wantedTools = new Set<number>();
  const unknownTools = (request.tools ?? []).filter((name) => {
    const position = byName.get(name);
    if (position !== undefined) wantedTools.add(position);
    return position === undefined;
  });
  if (unknownTools.length > 0) throw new SelectionError(unknownNames('tool', unknownTools, request.from?.tools ?? '--tools', [...byName.keys()]));
  const positions: number[] = [];
  catalog.tools.forEach((tool, i) => {
    if (narrowed && !wantedSets.has(tool.toolset) && !wantedTools.has(i)) return;
    if (request.readOnly && !tool.readOnly) return;
    positions.push(i);
  });
  return positions;
}

/**
 * Tokens of `{"tools":[]}` around the tools in a tools/list answer (o200k_base), as the generator
 * counts the whole answer (src/report/token-cost.ts; test/runtime/tool-selection.test.ts checks it).
 */
export const LIST_WRAPPER_TOKENS = 4;

/** Tokens of a static tools/list of these tools, or undefined when the catalog has no counts. */
export function selectedTokens(catalog: ToolCatalogData, positions: readonly number[]): number | undefined {
  let tokens = LIST_WRAPPER_TOKENS;
  for (const i of positions) {
    const counted = catalog.tools[i]!.tokens;
    if (counted === undefined) return undefined;
    tokens += counted;
  }
  return tokens;
}

/**
 * The mode a server serves `positions` in when no `--tools-mode` was given: dynamic for a package
 * that starts dynamic because its whole list is over the budget (`config.toolsBudget`), unless the
 * selection is narrower and fits the budget, then static. `narrowed`: fewer tools than the whole
 * catalog were selected (the whole catalog is not read otherwise, see cli.gen.ts).
 */
export function modeForSelection(config: Pick<ApiConfig, 'toolsMode' | 'toolsBudget'>, catalog: ToolCatalogData, positions: readonly number[], narrowed: boolean): ToolsMode {
  const mode = config.toolsMode ?? 'static';
  if (mode !== 'dynamic' || config.toolsBudget === undefined || !narrowed) return mode;
  const tokens = selectedTokens(catalog, positions);
  return tokens !== undefined && tokens <= config.toolsBudget ? 'static' : 'dynamic';
}

/**
 * Why a package that starts dynamic over its budget serves `positions` in `mode`, for the start line
 * and --list-toolsets (a user who chose toolsets otherwise cannot tell why they got dynamic mode):
 * `116,133 tokens in a static tools/list, over the budget of 50,000`. Undefined when the mode was not
 * the budget's doing (a fixed mode, --tools-mode, a catalog without counts).
 */
export function budgetReason(config: Pick<ApiConfig, 'toolsMode' | 'toolsBudget'>, catalog: ToolCatalogData, positions: readonly number[], mode: ToolsMode): string | undefined {
  if (config.toolsMode !== 'dynamic' || config.toolsBudget === undefined) return undefined;
  const tokens = selectedTokens(catalog, positions);
  if (tokens === undefined || (mode === 'dynamic') !== tokens > config.toolsBudget) return undefined;
  return `${groupThousands(tokens)} tokens in a static tools/list, ${mode === 'dynamic' ? 'over' : 'within'} the budget of ${groupThousands(config.toolsBudget)}`;
}

/** How many tools the catalog holds, from its toolsets' counts (without reading `catalog.tools`). */
export function toolCount(catalog: ToolCatalogData): number {
  let count = 0;
  for (const set of catalog.toolsets) count += set.tools;
  return count;
}

/**
 * The index of the toolset called `name` (exactly, else ignoring case when that is unique), among
 * `among` when given (the others are treated as if they did not exist), or undefined.
 */
export function toolsetIndex(catalog: ToolCatalogData, name: string, among?: ReadonlySet<number>): number | undefined {
  const sets = catalog.toolsets.flatMap((set, i) => (among === undefined || among.has(i) ? [{ set, i }] : []));
  const exact = sets.find(({ set }) => set.name === name);
  if (exact !== undefined) return exact.i;
  const folded = sets.filter(({ set }) => set.name.toLowerCase() === name.toLowerCase());
  return folded.length === 1 ? folded[0]!.i : undefined;
}

/**
 * Why a selection serves no tool, or undefined when it serves some or asked for none (every tool
 * of an empty spec): `--read-only leaves none of the selected tools (issues_create is not read-only)`.
 */
export function emptySelection(catalog: ToolCatalogData, request: SelectionRequest, positions: readonly number[]): string | undefined {
  const narrowed = request.toolsets !== undefined || request.tools !== undefined;
  if (positions.length > 0 || (!narrowed && !request.readOnly)) return undefined;
  const chosen = narrowed ? selectTools(catalog, { ...request, readOnly: false }) : [];
  if (chosen.length === 0 && narrowed) {
    const given = [request.toolsets !== undefined ? (request.from?.toolsets ?? '--toolsets') : '', request.tools !== undefined ? (request.from?.tools ?? '--tools') : ''].filter((f) => f !== '');
    return `${given.join(' and ')} name${given.length === 1 ? 's' : ''} no tool`;
  }
  const readOnly = request.from?.readOnly ?? '--read-only';
  if (!narrowed) return `${readOnly} leaves no tools (none of the ${toolCount(catalog)} tools is read-only)`;
  const names = chosen.map((i) => printable(catalog.tools[i]!.name));
  const why = names.length <= 3 ? `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not read-only` : `none of those ${names.length} is read-only`;
  return `${readOnly} leaves none of the selected tools (${why})`;
}

/**
 * The `--list-toolsets` table: name, tools (selected of all), read-only tools, description. `budget`:
 * the package's mode and budget when no --tools-mode was given, so the summary says the start mode.
 */
export function toolsetTable(catalog: ToolCatalogData, positions: readonly number[], budget?: Pick<ApiConfig, 'toolsMode' | 'toolsBudget'>): string {
  const counts = catalog.toolsets.map(() => ({ selected: 0, readOnly: 0, tokens: 0 }));
  for (const i of positions) {
    const count = counts[catalog.tools[i]!.toolset]!;
    count.selected += 1;
    count.tokens += catalog.tools[i]!.tokens ?? 0;
  }
  for (const tool of catalog.tools) if (tool.readOnly) counts[tool.toolset]!.readOnly += 1;
  const total = selectedTokens(catalog, positions);
  // In the catalog's order (search-catalog.gen.ts toolsetOrder), as every listing of the toolsets.
  const rows = catalog.toolsets.map((set, i) => {
    const tools = positions.length === catalog.tools.length ? String(set.tools) : `${counts[i]!.selected}/${set.tools}`;
    return [printable(set.name), tools, String(counts[i]!.readOnly), ...(total !== undefined ? [groupThousands(counts[i]!.tokens)] : []), printable(set.description)];
  });
  // Tokens: of the selected tools in a static tools/list (catalogs without counts leave the column out).
  const header = ['toolset', 'tools', 'read-only', ...(total !== undefined ? ['tokens'] : []), 'description'];
  const last = header.length - 1;
  const widths = header.slice(0, last).map((cell, c) => Math.max(cell.length, ...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string => row.map((cell, c) => (c === last ? cell : c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  const mode = budget === undefined ? undefined : modeForSelection(budget, catalog, positions, positions.length < toolCount(catalog));
  const reason = mode === undefined ? undefined : budgetReason(budget!, catalog, positions, mode);
  const cost = reason !== undefined ? `, ${reason}: the server starts in ${mode} mode` : total !== undefined ? `, ${groupThousands(total)} tokens in a static tools/list` : '';
  const summary = `${catalog.toolsets.length} toolset${catalog.toolsets.length === 1 ? '' : 's'}, ${positions.length} of ${catalog.tools.length} tools selected${cost}`;
  return `${[line(header), ...rows.map(line)].join('\n')}\n${summary}\n`;
}

/** `1234567` → `1,234,567` (as the generated README writes counts). */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

