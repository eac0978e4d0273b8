/**
 * What one request may find, describe and call in dynamic mode (dynamic-tools.gen.ts): the tools
 * selected at start and, when the request carries OAuth token info, only those the token's scopes
 * allow (the rules of tool-scopes.gen.ts, as static mode applies them to tools/list and tools/call).
 *
 * - search_tools and describe_tools never name another tool, not even as a close match of a
 *   mistyped name; the tools/list page counts only the visible tools per toolset, and a toolset
 *   with no visible tool is, to search_tools, one that does not exist ({@link visibleToolsets}).
 * - call_tool of a selected tool outside the token's scopes is answered 403 `insufficient_scope`
 *   naming the scopes that tool needs, exactly as the static call of that tool is; the SDK asks
 *   {@link callToolScopeChallenge} before any handler runs, so nothing reaches the upstream.
 */
import type { AuthInfo, ListToolsResult, ScopeChallengeHandler } from '@modelcontextprotocol/server';
import type { ToolCatalogData } from './search-core.gen.js';
import { missingScopes, perScopeSet } from './tool-scopes.gen.js';
import { closeMatches, printable } from './close-matches.gen.js';

/** The tools one request may see. */
export interface DynamicView {
  /** Positions in the catalog's tools, in order. */
  readonly positions: readonly number[];
  readonly visible: ReadonlySet<number>;
  /** The dynamic tools/list answer for these tools. */
  readonly page: ListToolsResult;
  /** Set when the view follows a token's scopes: call_tool then needs {@link callToolScopeChallenge}. */
  readonly scoped: boolean;
}

export interface DynamicViewSource {
  /** The tools selected at start. */
  readonly positions: readonly number[];
  /**
   * The scopes the tool at a position needs (`toolScopes` of tool-scopes.gen.ts). Without it, a
   * request with OAuth token info sees no tool: it cannot be told which ones it may use.
   */
  readonly scopes?: (position: number) => readonly string[];
  /** The tools/list page for these positions; `scoped`: it depends on the caller's token. */
  readonly page: (positions: readonly number[], scoped: boolean) => ListToolsResult;
}

/** The view of each request: the start selection without token info, else the part its scopes allow. */
export function createDynamicViews(source: DynamicViewSource): (authInfo: AuthInfo | undefined) => DynamicView {
  const view = (positions: readonly number[], scoped: boolean): DynamicView => ({ positions, visible: new Set(positions), page: source.page(positions, scoped), scoped });
  const unscoped = view(source.positions, false);
  const { scopes } = source;
  if (scopes === undefined) {
    const none = view([], true);
    return (authInfo) => (authInfo === undefined ? unscoped : none);
  }
  const known = new Set(source.positions.flatMap((i) => scopes(i)));
  const scopedView = perScopeSet(known, (granted) => view(source.positions.filter((i) => scopes(i).every((scope) => granted.has(scope))), true));
  return (authInfo) => (authInfo === undefined ? unscoped : scopedView(authInfo));
}

/**
 * call_tool's scope challenge: the scopes of the tool it names (`params.arguments.name`), when that
 * tool is selected and the token lacks one of them. An unknown or unselected name gets none: the
 * handler answers it as an unknown tool.
 */
export function callToolScopeChallenge(positionOf: ReadonlyMap<string, number>, scopes: ((position: number) => readonly string[]) | undefined): ScopeChallengeHandler {
  return ({ request, authInfo }) => {
    const args = (request.params as { arguments?: { name?: unknown } } | undefined)?.arguments;
    const position = typeof args?.name === 'string' ? positionOf.get(args.name) : undefined;
    if (position === undefined || scopes === undefined) return undefined;
    return missingScopes(scopes(position), authInfo);
  };
}

/** The toolsets (indices into the catalog's) holding a tool of the view: the only ones it may name. */
export function visibleToolsets(catalog: ToolCatalogData, view: DynamicView): ReadonlySet<number> {
  const sets = new Set<number>();
  for (const i of view.positions) sets.add(catalog.tools[i]!.toolset);
  return sets;
}

/**
 * search_tools' answer to a `toolset` this request cannot use, worded for the model that reads it
 * (it cannot run `--list-toolsets`): close matches among `visible` (the toolsets of its view) only,
 * so a hidden toolset gets exactly the answer a missing one gets.
 */
export function unknownToolset(name: string, visible: readonly string[]): string {
  const close = closeMatches(name, visible);
  const hint = close.length > 0 ? `close matches: ${close.join(', ')}` : "use one that search_tools' description lists, or leave toolset out to search every tool";
  return `unknown toolset ${JSON.stringify(printable(name))}; ${hint}`;
}

/** Tool names as a request sees them: only those of its view exist. */
export interface VisibleNames {
  has(name: string, view: DynamicView): boolean;
  /** `Unknown tool "x"; close matches: …`, the matches taken from the view only. */
  unknown(name: string, view: DynamicView): string;
}

export function visibleNames(catalog: ToolCatalogData, positionOf: ReadonlyMap<string, number>): VisibleNames {
  return {
    has(name, view) {
      const position = positionOf.get(name);
      return position !== undefined && view.visible.has(position);
    },
    unknown(name, view) {
      const close = closeMatches(name, view.positions.map((i) => catalog.tools[i]!.name));
      const hint = close.length > 0 ? `close matches: ${close.join(', ')}` : 'search_tools finds tools by task';
      return `Unknown tool ${JSON.stringify(name)}; ${hint}`;
    },
  };
}
