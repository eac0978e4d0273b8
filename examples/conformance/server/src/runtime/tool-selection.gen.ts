/**
 * Which tools this server offers, chosen at start without regenerating: `--toolsets a,b` (by
 * OpenAPI tag; an untagged tool is in the toolset named after its first path segment),
 * `--read-only` (only tools annotated `readOnlyHint: true`), `--tools name,name` (exactly these),
 * and `--tools-mode static|dynamic`. Each flag has an environment variable for hosts that only set
 * the environment (`config.env`: e.g. `GITHUB_TOOLSETS`); a flag wins over its variable.
 *
 * `--toolsets` and `--tools` together offer the union; `--read-only` then keeps only read-only
 * tools of it. An unknown name is one line naming the close matches.
 *
 * The selection works on the tool catalog (data/tools/catalog.json: names, toolsets, read-only
 * flags, summaries, token counts), so it needs none of the schemas: dynamic mode can start without
 * loading them.
 *
 * The mode: `--tools-mode` (or its variable) when given; else the package's `toolsMode`, except
 * that a package generated with `toolsMode: auto` (`toolsBudget` set) whose whole list is over the
 * budget serves a selection that fits the budget statically ({@link modeForSelection}).
 */
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
}

/** A selection mistake (unknown name, bad value): one line, exit code 2. */
export class SelectionError extends Error {
  override name = 'SelectionError';
}

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
  const toolsets = value('--toolsets', names.toolsets);
  if (toolsets !== undefined) request.toolsets = list(toolsets.text);
  const tools = value('--tools', names.tools);
  if (tools !== undefined) request.tools = list(tools.text);
  if (flags.has('--read-only')) request.readOnly = true;
  else {
    const text = value('--read-only', names.readOnly);
    if (text !== undefined) request.readOnly = parseBoolean(text.text, text.from);
  }
  const mode = value('--tools-mode', names.toolsMode);
  if (mode !== undefined) {
    const text = mode.text.trim();
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
  if (t === '1' || t === 'true' || t === 'yes') return true;
  if (t === '0' || t === 'false' || t === 'no') return false;
  throw new SelectionError(`${from} must be true or false, got ${JSON.stringify(text)}`);
}

/**
 * The positions (into `catalog.tools`, in order) of the selected tools. Throws SelectionError for
 * a toolset or tool that does not exist. Toolset names match ignoring case when exactly one does.
 */
export function selectTools(catalog: ToolCatalogData, request: SelectionRequest): number[] {
  const narrowed = request.toolsets !== undefined || request.tools !== undefined;
  // Every tool: counted from the toolsets, so a lazily parsed catalog (catalog.gen.ts) stays unparsed.
  if (!narrowed && !request.readOnly) return Array.from({ length: toolCount(catalog) }, (_, i) => i);
  const wantedSets = new Set<number>();
  for (const name of request.toolsets ?? []) wantedSets.add(findToolset(catalog, name));
  const byName = new Map(catalog.tools.map((tool, i) => [tool.name, i]));
  const wantedTools = new Set<number>();
  for (const name of request.tools ?? []) {
    const position = byName.get(name);
    if (position === undefined) throw new SelectionError(unknown('tool', name, '--tools', [...byName.keys()]));
    wantedTools.add(position);
  }
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

/** How many tools the catalog holds, from its toolsets' counts (without reading `catalog.tools`). */
export function toolCount(catalog: ToolCatalogData): number {
  let count = 0;
  for (const set of catalog.toolsets) count += set.tools;
  return count;
}

/**
 * The index of the toolset called `name` (exactly, else ignoring case when that is unique), among
 * `among` when given (the others are treated as if they did not exist: never found, never a close match).
 */
export function findToolset(catalog: ToolCatalogData, name: string, among?: ReadonlySet<number>): number {
  const sets = catalog.toolsets.flatMap((set, i) => (among === undefined || among.has(i) ? [{ set, i }] : []));
  const exact = sets.find(({ set }) => set.name === name);
  if (exact !== undefined) return exact.i;
  const folded = sets.filter(({ set }) => set.name.toLowerCase() === name.toLowerCase());
  if (folded.length === 1) return folded[0]!.i;
  throw new SelectionError(unknown('toolset', name, '--toolsets', sets.map(({ set }) => set.name)));
}

/** `unknown toolset "isues" (--toolsets); close matches: issues, users` */
export function unknown(what: string, name: string, flag: string, candidates: readonly string[]): string {
  const close = closeMatches(name, candidates);
  const hint = close.length > 0 ? `close matches: ${close.join(', ')}` : what === 'toolset' ? 'see --list-toolsets' : 'no close match';
  return `unknown ${what} ${JSON.stringify(printable(name))} (${flag}); ${hint}`;
}

/**
 * Up to `max` candidates close to `name`: same ignoring case, containing it (or contained), or
 * within an edit distance of a third of its length; closest first, then by name.
 */
export function closeMatches(name: string, candidates: readonly string[], max = 5): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: [number, string][] = [];
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    let score: number;
    if (c === wanted) score = 0;
    else if (wanted.length >= 3 && (c.includes(wanted) || wanted.includes(c))) score = 1 + Math.abs(c.length - wanted.length) / 100;
    else {
      const distance = editDistance(wanted, c, limit);
      if (distance > limit) continue;
      score = 1 + distance;
    }
    scored.push([score, candidate]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, max).map(([, candidate]) => printable(candidate));
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** The `--list-toolsets` table: name, tools (selected of all), read-only tools, description. */
export function toolsetTable(catalog: ToolCatalogData, positions: readonly number[]): string {
  const counts = catalog.toolsets.map(() => ({ selected: 0, readOnly: 0, tokens: 0 }));
  for (const i of positions) {
    const count = counts[catalog.tools[i]!.toolset]!;
    count.selected += 1;
    count.tokens += catalog.tools[i]!.tokens ?? 0;
  }
  for (const tool of catalog.tools) if (tool.readOnly) counts[tool.toolset]!.readOnly += 1;
  const total = selectedTokens(catalog, positions);
  const order = catalog.toolsets.map((_, i) => i).sort((a, b) => compare(catalog.toolsets[a]!.name, catalog.toolsets[b]!.name));
  const rows = order.map((i) => {
    const set = catalog.toolsets[i]!;
    const tools = positions.length === catalog.tools.length ? String(set.tools) : `${counts[i]!.selected}/${set.tools}`;
    return [printable(set.name), tools, String(counts[i]!.readOnly), ...(total !== undefined ? [groupThousands(counts[i]!.tokens)] : []), printable(set.description)];
  });
  // Tokens: of the selected tools in a static tools/list (catalogs without counts leave the column out).
  const header = ['toolset', 'tools', 'read-only', ...(total !== undefined ? ['tokens'] : []), 'description'];
  const last = header.length - 1;
  const widths = header.slice(0, last).map((cell, c) => Math.max(cell.length, ...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string => row.map((cell, c) => (c === last ? cell : c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  const cost = total !== undefined ? `, ${groupThousands(total)} tokens in a static tools/list` : '';
  const summary = `${catalog.toolsets.length} toolset${catalog.toolsets.length === 1 ? '' : 's'}, ${positions.length} of ${catalog.tools.length} tools selected${cost}`;
  return `${[line(header), ...rows.map(line)].join('\n')}\n${summary}\n`;
}

/** `1234567` → `1,234,567` (as the generated README writes counts). */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Spec-derived text for a terminal: control characters become '?'. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
